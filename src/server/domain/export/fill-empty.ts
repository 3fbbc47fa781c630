// "Fill empty, don't overwrite": in a bundle with fill_empty_only, the copy the store already has
// stays as it is, and new copy goes only where the store left a field empty. Exports apply it here, so every
// format carries the store's own value (an unchanged cell) wherever it had one.
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import type { CopyFieldRegistry } from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import { shapeOf } from '../../../common/copy-fields/shapes';

/** The fields a store description keeps out of a fill-empty export, as it stands for them. */
const keptWithDescription = (COPY_FIELD_REGISTRY as CopyFieldRegistry).filter(
  (field) => field.exports.fillEmptyWith === 'description',
);

const kept = (store: string | undefined, generated: string | null | undefined) =>
  store !== undefined && store.trim() !== '' ? store : (generated ?? null);

/**
 * The product as a fill-empty export writes it: the store's page title, meta description, description (as
 * the store holds it, with no fact sheet appended) and each image's alt text wherever the store had one.
 */
export function keepStoreCopy(product: BundleWorkflowProduct): BundleWorkflowProduct {
  const store = product.store_copy;
  if (!store) return product;
  const storeAlts = store.alt_texts ?? [];
  const hasStoreDescription = (store.description ?? '').trim() !== '';
  return {
    ...product,
    page_title: kept(store.page_title, product.page_title),
    meta_description: kept(store.meta_description, product.meta_description),
    description: hasStoreDescription ? store.description : product.description,
    // The store's description stands for the fields that export with it (its fact sheet): they are left out.
    ...(hasStoreDescription ? shapeOf<never, null>(keptWithDescription, () => null) : {}),
    image_details: product.image_details?.map((image, index) => ({
      ...image,
      alt_text: kept(storeAlts[index], image.alt_text),
    })),
  };
}

/** Whether the product's description is the store's own text (HTML, as the store holds it). */
export function isStoreDescription(product: BundleWorkflowProduct): boolean {
  const store = product.store_copy?.description;
  return store !== undefined && store.trim() !== '' && product.description === store;
}

/** Which of a product's fields a fill-empty export leaves as the store had them, for the review screen. */
export function storeKeptFields(product: BundleWorkflowProduct): string[] {
  const store = product.store_copy;
  if (!store) return [];
  const fields: string[] = [];
  if (store.page_title?.trim()) fields.push('page_title');
  if (store.meta_description?.trim()) fields.push('meta_description');
  if (store.description?.trim())
    fields.push('description', ...keptWithDescription.map((field) => field.name));
  if (store.alt_texts?.some((text) => text.trim() !== '')) fields.push('alt_texts');
  return fields;
}
