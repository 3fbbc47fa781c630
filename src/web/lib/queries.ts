// Shared queries. A failed or malformed list response logs a warning and keeps the last good list (SPEC §8).
import { useQuery } from '@tanstack/react-query';
import { invoke } from './invoke';

export const bundleListKey = ['bundles'] as const;
export const workflowListKey = ['workflows'] as const;

export function useBundleList() {
  return useQuery({
    queryKey: bundleListKey,
    queryFn: async () => {
      const result = await invoke('list-bundles', {});
      if (result.error) {
        console.warn('Could not load the bundle list:', result.error.message);
        throw new Error(result.error.message);
      }
      return result.data.bundles;
    },
    retry: false,
  });
}

export function useWorkflowList() {
  return useQuery({
    queryKey: workflowListKey,
    queryFn: async () => {
      const result = await invoke('list-workflows', {});
      if (result.error) {
        console.warn('Could not load the workflow list:', result.error.message);
        throw new Error(result.error.message);
      }
      return result.data.workflows;
    },
    staleTime: 60_000,
    retry: false,
  });
}
