// A product's name as the run view and the Review panel show it.
import type { BundleWorkflowProduct } from '../../common/contract/entities';

// SPEC §2: the name cell shows product_name plus colour, dimensions, brand, range and use case; size is
// added because imported store variants differ by it.
const ATTRIBUTES = ['colour', 'size', 'dimensions', 'brand', 'range', 'use_case'] as const;

export function productAttributes(details: BundleWorkflowProduct['product_details']): string[] {
  return ATTRIBUTES.map((key) => details[key]?.trim() ?? '').filter(Boolean);
}

export function productName(details: BundleWorkflowProduct['product_details']): string {
  return details.product_name?.trim() || 'Unnamed product';
}
