// The table's filters: flagged (the server's checks found problems), failed, and each review state.
import type { BundleWorkflowProduct } from '../../common/contract/entities';

export const PRODUCT_FILTERS = ['all', 'flagged', 'failed', 'pending', 'approved', 'rejected'] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number];

export const FILTER_LABELS: Record<ProductFilter, string> = {
  all: 'All',
  flagged: 'Flagged',
  failed: 'Failed',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export function matchesFilter(product: BundleWorkflowProduct, filter: ProductFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'flagged':
      return (product.problems?.length ?? 0) > 0;
    case 'failed':
      return product.status === 'failed';
    default:
      return product.review_state === filter;
  }
}
