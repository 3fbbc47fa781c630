// Review state and locks for one product or many (set-product-review, set-locked-fields); the run is read
// again afterwards, so the table, the cards and the open Review panel all show the change.
import type { CopyFieldName, ReviewState } from '../../common/contract/entities';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import type { RunIds } from '../api/use-regenerate-products';

export function useSetReview({ bundleId, workflowId }: RunIds, onDone?: () => void) {
  const mutation = useFunctionMutation('set-product-review', {
    errorTitle: 'Could not change the review state',
    onSuccess: () => onDone?.(),
    invalidates: [queryKeys.bundleRun(bundleId, workflowId)],
  });
  return {
    setReview: (ids: number[], review: ReviewState) =>
      mutation.mutate({ bundle_workflow_product_ids: ids, review }),
    isPending: mutation.isPending,
    pendingReview: mutation.isPending ? mutation.variables?.review : undefined,
  };
}

export function useSetLocks({ bundleId, workflowId }: RunIds, onDone?: () => void) {
  const mutation = useFunctionMutation('set-locked-fields', {
    errorTitle: 'Could not change the locks',
    onSuccess: () => onDone?.(),
    invalidates: [queryKeys.bundleRun(bundleId, workflowId)],
  });
  return {
    setLocks: (ids: number[], fields: CopyFieldName[], locked: boolean) =>
      mutation.mutate({ bundle_workflow_product_ids: ids, fields, locked }),
    isPending: mutation.isPending,
  };
}
