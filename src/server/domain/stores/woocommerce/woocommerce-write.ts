// Writes products' changed fields to a WooCommerce store: `products/batch` and `variations/batch`, at most
// 100 a request, the SEO plugin's own meta keys only, and `images` only when an alt text changes, then as the
// whole ordered list with ids (a shorter list would delete images). Each product's failure is its own.
import type { ProductWrite, WriteResult } from '../platform';
import { batchAnswer } from './woocommerce-answers';
import { type WooConnection, wooRequest } from './woocommerce-api';

const WOO_BATCH = 100;

function wooUpdate(product: ProductWrite): Record<string, unknown> {
  const id = Number(product.remoteVariantId ?? product.remoteProductId);
  const update: Record<string, unknown> = { id };
  const meta: { key: string; value: string | null }[] = [];
  const alts = new Map<number, string>();
  // Only an undo writes an empty SEO value, where the key was absent (live values read absent as ''):
  // null makes WooCommerce delete the key (WC_Data::save_meta_data) instead of leaving it empty.
  const metaValue = (after: string) => (after === '' ? null : after);
  for (const { field, after } of product.writes) {
    if (field === 'description' || field === 'short_description') update[field] = after;
    else if (field === 'handle') update.slug = after;
    else if (field === 'seo_title' && product.live.seoKeys)
      meta.push({ key: product.live.seoKeys.title, value: metaValue(after) });
    else if (field === 'seo_description' && product.live.seoKeys)
      meta.push({ key: product.live.seoKeys.description, value: metaValue(after) });
    else if (field.startsWith('alt_text:')) alts.set(Number(field.slice('alt_text:'.length)), after);
  }
  if (meta.length > 0) update.meta_data = meta;
  if (alts.size > 0 && product.live.images) {
    update.images = product.live.images.map((image) => ({
      id: image.id,
      alt: alts.get(image.id) ?? image.alt,
    }));
  }
  return update;
}

export async function writeWooCommerce(
  connection: WooConnection,
  products: ProductWrite[],
): Promise<WriteResult[]> {
  const results: WriteResult[] = products.map(() => ({ error: null }));
  // Variations first: saving one saves its parent too (WooCommerce syncs the variable product), which moves
  // the parent's date_modified_gmt; written after them, the parent's own batch answer carries its last date.
  const groups = new Map<string, number[]>([['/products/batch', []]]);
  products.forEach((product, index) => {
    const path = product.remoteVariantId
      ? `/products/${product.remoteProductId}/variations/batch`
      : '/products/batch';
    groups.set(path, [...(groups.get(path) ?? []), index]);
  });
  for (const [path, indexes] of [...groups].reverse()) {
    for (let start = 0; start < indexes.length; start += WOO_BATCH) {
      const chunk = indexes.slice(start, start + WOO_BATCH);
      const { data } = await wooRequest(connection, 'POST', path, batchAnswer, {
        body: { update: chunk.map((index) => wooUpdate(products[index]!)) },
      });
      for (const index of chunk) {
        const product = products[index]!;
        const id = Number(product.remoteVariantId ?? product.remoteProductId);
        const answer = data.update?.find((item) => item.id === id);
        results[index] = {
          error: !answer ? 'WooCommerce did not answer for this product.' : (answer.error?.message ?? null),
          updatedAt: answer && !answer.error ? answer.date_modified_gmt : undefined,
        };
      }
    }
  }
  return results;
}
