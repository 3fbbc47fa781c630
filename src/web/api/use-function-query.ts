// useFunctionQuery(name, request, options): a server function read through TanStack Query, typed from the
// contract. A failed call is thrown as an InvokeFailure, so the query keeps its last good data.
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { FunctionName, FunctionRequest, FunctionResponse } from '../../common/contract/functions';
import { type InvokeError, invoke } from './invoke';
import { InvokeFailure } from './invoke-failure';

export type FunctionQueryOptions<N extends FunctionName, T> = {
  /** From queryKeys: the key must name everything the request depends on. */
  queryKey: QueryKey;
  select?: (data: FunctionResponse<N>) => T;
  /** Logs a failure that has no place on screen. */
  onFailure?: (error: InvokeError) => void;
  /** A number, or a function of the query (a short time for an answer worth asking again soon). */
  staleTime?: UseQueryOptions<FunctionResponse<N>, InvokeFailure, T>['staleTime'];
  /** Poll while this answers a number of milliseconds (e.g. while a push is running); false stops. */
  refetchInterval?: (data: FunctionResponse<N> | undefined) => number | false;
};

/** A null request leaves the query idle until there is something to ask. */
export function useFunctionQuery<N extends FunctionName, T = FunctionResponse<N>>(
  name: N,
  request: FunctionRequest<N> | null,
  { queryKey, select, onFailure, staleTime, refetchInterval }: FunctionQueryOptions<N, T>,
) {
  return useQuery<FunctionResponse<N>, InvokeFailure, T>({
    queryKey,
    enabled: request !== null,
    queryFn: async ({ signal }) => {
      const result = await invoke(name, request ?? undefined, { signal });
      if (result.error) {
        onFailure?.(result.error);
        throw new InvokeFailure(result.error);
      }
      return result.data;
    },
    select,
    staleTime,
    refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data) : undefined,
    // Known answers will not change by asking again; the caller's next refresh asks anyway.
    retry: false,
  });
}
