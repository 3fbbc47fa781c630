// What the review of one product holds: its draft (use-copy-draft.ts), the review, lock and regenerate
// actions, and the hand edits since the copy was last written, which regenerating asks about first.
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { BundleWorkflowProduct } from '../../common/contract/entities';
import { useFunctionQuery } from '../api/use-function-query';
import { type RunIds, useRegenerateProducts } from '../api/use-regenerate-products';
import { changedFields, copyOfProduct, copyOfVersion } from './copy-fields';
import { productHistoryKey } from './history-panel';
import { useCopyDraft } from './use-copy-draft';
import { useSetLocks, useSetReview } from './use-review-actions';

export function useProductReview(product: BundleWorkflowProduct, run: RunIds) {
  const copy = useCopyDraft(product, run);
  const [confirming, setConfirming] = useState(false);
  const rewrite = useRegenerateProducts(run, {
    onQueued: () => notifications.show({ color: 'grape', message: 'Queued to be written again.' }),
  });
  const review = useSetReview(run);
  const locks = useSetLocks(run);
  const history = useFunctionQuery(
    'view-product-history',
    { bundle_workflow_product_id: product.id },
    { queryKey: [...productHistoryKey(product.id), product.updated_at] },
  );
  const lastGenerated = history.data?.versions.find((version) => version.source.endsWith('generated'));
  const current = copyOfProduct(product);
  const editedFields = lastGenerated
    ? changedFields(copyOfVersion(lastGenerated), current).filter(
        (field) => !product.locked_fields.includes(field),
      )
    : [];
  const onRegenerate = () => {
    if (editedFields.length > 0) setConfirming(true);
    else rewrite.regenerate([product.id]);
  };
  const isWriting = product.status !== 'done' && product.status !== 'failed';
  return {
    copy,
    confirming,
    setConfirming,
    rewrite,
    review,
    locks,
    lastGenerated,
    current,
    editedFields,
    onRegenerate,
    isWriting,
  };
}

export type ProductReviewState = ReturnType<typeof useProductReview>;
