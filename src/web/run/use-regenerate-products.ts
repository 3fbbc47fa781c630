// Queues products to be written again: a failed product's Retry, a reviewed product's Regenerate, or
// "Retry all failed". Each button holds its own mutation, so only the button pressed shows it is busy.
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';

export type RunIds = { bundleId: number; workflowId: number; bundleWorkflowId: number };

export function useRegenerateProducts({ bundleId, workflowId, bundleWorkflowId }: RunIds) {
  const mutation = useFunctionMutation('regenerate-products', {
    errorTitle: 'Could not queue the products',
    invalidates: [queryKeys.bundleRun(bundleId, workflowId)],
  });
  /** Without ids, every failed product of the run. */
  const regenerate = (productIds?: number[]) =>
    mutation.mutate({ bundle_workflow_id: bundleWorkflowId, bundle_workflow_product_ids: productIds });
  return { regenerate, isPending: mutation.isPending };
}
