// only_approved for the store files: a product is in the file whole, with every variant and image
// it had, or not at all, since the store's importer replaces a matched product's variants with the file's.
// Approving the parent or any variant brings the product in; the rows whose copy is not approved carry the
// store's current text (store_copy), so nothing pending is published.
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import { generatedTextFields } from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY, type GeneratedTextFieldName } from '../../../common/copy-fields/registry';
import { shapeOf } from '../../../common/copy-fields/shapes';

// The products withStoreText made, so that a writer can tell the store's text from copy (woocommerce.ts).
const storeTextProducts = new WeakSet<BundleWorkflowProduct>();

/** Whether the product is one withStoreText made: its copy is not approved, and the store's text stands. */
export const carriesStoreText = (product: BundleWorkflowProduct) => storeTextProducts.has(product);

/** The product as the store has it now: its own SEO title, description and alt texts, '' where it has none. */
export function withStoreText(product: BundleWorkflowProduct): BundleWorkflowProduct {
  const store = product.store_copy ?? {};
  const alts = store.alt_texts ?? [];
  const kept: BundleWorkflowProduct = {
    ...product,
    // The store has no text of ours for the other generated fields (the fact sheet): none goes out.
    ...shapeOf<GeneratedTextFieldName, null>(generatedTextFields(COPY_FIELD_REGISTRY), () => null),
    page_title: store.page_title ?? '',
    meta_description: store.meta_description ?? '',
    heading: product.product_details.product_name ?? '',
    description: store.description ?? '',
    image_details: product.image_details?.map((image, index) => ({ ...image, alt_text: alts[index] ?? '' })),
  };
  storeTextProducts.add(kept);
  return kept;
}

/** A product and its variants under only_approved: none when nothing is approved, else all of them. */
export function approvedGroup(members: BundleWorkflowProduct[]): BundleWorkflowProduct[] {
  if (!members.some((member) => member.review_state === 'approved')) return [];
  return members.map((member) => (member.review_state === 'approved' ? member : withStoreText(member)));
}
