// Who touched the product's copy: the writer wrote it, a person may have edited it since, and a person approved
// or rejected it. With a workspace that asks for another reviewer, this is what tells a reviewer whether they may.
import { Text } from '@mantine/core';
import type { BundleWorkflowProduct } from '../../common/contract/entities';

const REVIEWED_AS = { approved: 'Approved', rejected: 'Rejected', pending: 'Sent back to review' } as const;

export function ReviewTrail({ product }: { product: BundleWorkflowProduct }) {
  const edited = product.edited_by
    ? `Last edited by ${product.edited_by}`
    : 'Not edited since it was written';
  const when = product.reviewed_at ? new Date(product.reviewed_at).toLocaleString() : null;
  const reviewed = product.reviewed_by
    ? `${REVIEWED_AS[product.review_state]} by ${product.reviewed_by}${when ? `, ${when}` : ''}`
    : 'Not reviewed yet';
  return (
    <Text size="sm" c="dimmed" data-testid="review-trail">
      {edited} · {reviewed}
    </Text>
  );
}
