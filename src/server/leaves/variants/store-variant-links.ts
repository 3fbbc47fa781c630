// Variant links a store export names, read back from product details: a Shopify variant's parent_handle is
// the handle of its product's first record, a WooCommerce variation's parent_id the ID of the row its Parent
// names. A bundle made from a store export keeps these links in every run instead of guessing from names.
import type { VariantCandidate } from './detect-variants';

const detail = (candidate: VariantCandidate, key: string) => candidate.details[key]?.trim() ?? '';

/** Whether the products came from a store export (only a store import writes handle or id into details). */
export const isFromStoreExport = (candidates: readonly VariantCandidate[]) =>
  candidates.some((candidate) => detail(candidate, 'handle') !== '' || detail(candidate, 'id') !== '');

/**
 * Variant position → parent position, from parent_handle (the first product of that handle that is no
 * variant) and parent_id (the product with that ID). A variant whose parent is not in the bundle stays alone.
 */
export function storeVariantLinks(candidates: readonly VariantCandidate[]): Map<number, number> {
  const byHandle = new Map<string, number>();
  const byId = new Map<string, number>();
  for (const candidate of candidates) {
    const isVariant = detail(candidate, 'parent_handle') !== '' || detail(candidate, 'parent_id') !== '';
    if (isVariant) continue;
    const handle = detail(candidate, 'handle');
    const id = detail(candidate, 'id');
    if (handle && !byHandle.has(handle)) byHandle.set(handle, candidate.position);
    if (id && !byId.has(id)) byId.set(id, candidate.position);
  }
  const parentOf = new Map<number, number>();
  for (const candidate of candidates) {
    const parentHandle = detail(candidate, 'parent_handle');
    const parentId = detail(candidate, 'parent_id');
    const parent = byHandle.get(parentHandle) ?? byId.get(parentId);
    if (parent !== undefined && parent !== candidate.position) parentOf.set(candidate.position, parent);
  }
  return parentOf;
}
