// Queues products to be written again: a failed product's Retry, a reviewed product's Regenerate, or
// "Retry all failed". Each button holds its own mutation, so only the button pressed shows it is busy.
import type { CopyFieldName } from '../../common/contract/entities';
import { queryKeys } from './query-keys';
import { useFunctionMutation } from './use-function-mutation';

export type RunIds = { bundleId: number; workflowId: number; bundleWorkflowId: number };

export function useRegenerateProducts(
  { bundleId, workflowId, bundleWorkflowId }: RunIds,
  { onQueued }: { onQueued?: (queued: number) => void } = {},
) {
  const mutation = useFunctionMutation('regenerate-products', {
    errorTitle: 'Could not queue the products',
    onSuccess: ({ queued }) => onQueued?.(queued),
    invalidates: [queryKeys.bundleRun(bundleId, workflowId)],
  });
  /**
   * Without ids, every failed product of the run. lockFields are locked on the products first ("keep my
   * edits"), so the regeneration leaves them as they are.
   */
  const regenerate = (productIds?: number[], lockFields?: CopyFieldName[]) =>
    mutation.mutate({
      bundle_workflow_id: bundleWorkflowId,
      bundle_workflow_product_ids: productIds,
      ...(lockFields && lockFields.length > 0 ? { lock_fields: lockFields } : {}),
    });
  return { regenerate, isPending: mutation.isPending };
}
