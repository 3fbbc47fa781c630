// The bundle and workflow lists, read by the navigation, the run view and the new-bundle form. A failed or
// malformed list response logs a warning and keeps the last good list (SPEC §8).
import { queryKeys } from './query-keys';
import { useFunctionQuery } from './use-function-query';

export function useBundleList() {
  return useFunctionQuery(
    'list-bundles',
    {},
    {
      queryKey: queryKeys.bundles(),
      select: (data) => data.bundles,
      onFailure: (error) => console.warn('Could not load the bundle list:', error.message),
    },
  );
}

export function useWorkflowList() {
  return useFunctionQuery(
    'list-workflows',
    {},
    {
      queryKey: queryKeys.workflows(),
      select: (data) => data.workflows,
      onFailure: (error) => console.warn('Could not load the workflow list:', error.message),
      staleTime: 60_000,
    },
  );
}
