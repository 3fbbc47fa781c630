// useFunctionMutation(name, options): a server function that changes something, through TanStack Query's
// useMutation, typed from the contract. It owns the pending state, shows a failure as a red notification
// (unless the caller handles it), and refreshes the queries the change made stale before it stops pending.
import { notifications } from '@mantine/notifications';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FunctionName, FunctionRequest, FunctionResponse } from '../../common/contract/functions';
import { describeError, type InvokeError, invoke } from './invoke';
import { InvokeFailure } from './invoke-failure';

export type FunctionMutationOptions<N extends FunctionName> = {
  /** The title of the failure notification; without it, onError alone tells the user. */
  errorTitle?: string;
  onError?: (error: InvokeError) => void;
  /** Runs first on success; the mutation stays pending while a returned promise runs. */
  onSuccess?: (data: FunctionResponse<N>, request: FunctionRequest<N>) => unknown;
  /** The queries refreshed after onSuccess; the mutation stays pending until they have their new data. */
  invalidates?:
    | readonly QueryKey[]
    | ((data: FunctionResponse<N>, request: FunctionRequest<N>) => readonly QueryKey[]);
};

export function useFunctionMutation<N extends FunctionName>(
  name: N,
  { errorTitle, onError, onSuccess, invalidates = [] }: FunctionMutationOptions<N> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<FunctionResponse<N>, InvokeFailure, FunctionRequest<N>>({
    mutationFn: async (request) => {
      const result = await invoke(name, request);
      if (result.error) throw new InvokeFailure(result.error);
      return result.data;
    },
    onSuccess: async (data, request) => {
      await onSuccess?.(data, request);
      const keys = typeof invalidates === 'function' ? invalidates(data, request) : invalidates;
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (errorTitle) {
        notifications.show({ color: 'red', title: errorTitle, message: describeError(error.failure) });
      }
      onError?.(error.failure);
    },
  });
}
