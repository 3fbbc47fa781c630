// Writes one product's changed fields to its store. Shopify: `productUpdate` with descriptionHtml,
// seo and, only when asked, handle with redirectNewHandle (never productSet, which drops what it is not
// given); alt texts with `fileUpdate`. WooCommerce: `products/batch` and `variations/batch`, at most 100 a
// request, the SEO plugin's own meta keys only, and `images` only when an alt text changes, then as the
// whole ordered list with ids (a shorter list would delete images). Each product's failure is its own.
import type { LiveProduct } from './live-values';
import { type ShopifyConnection, shopifyGraphql } from './shopify-api';
import { DELETE_REDIRECT, FILE_UPDATE, FIND_REDIRECT, PRODUCT_UPDATE } from './shopify-documents';
import type { StoreClient } from './store-connection';
import { type WooConnection, wooRequest } from './woocommerce-api';

export type FieldWrite = { field: string; after: string };
export type ProductWrite = {
  remoteProductId: string;
  remoteVariantId: string | null;
  writes: FieldWrite[];
  live: LiveProduct;
  /** Undo of a handle change: the redirect the push created, removed before the handle goes back. */
  removeRedirectId?: string | null;
};
export type WriteResult = {
  error: string | null;
  redirectId?: string | null;
  /** The store's updatedAt after the last write, when its answer gave it (Shopify productUpdate). */
  updatedAt?: string;
};

export async function writeProducts(client: StoreClient, products: ProductWrite[]): Promise<WriteResult[]> {
  if (client.platform === 'shopify') {
    const results: WriteResult[] = [];
    for (const product of products) results.push(await writeShopifyProduct(client.connection, product));
    return results;
  }
  return writeWooCommerce(client.connection, products);
}

type UserError = { field: string[] | null; message: string };

const describe = (errors: UserError[]) =>
  errors
    .map((error) => (error.field ? `${error.field.join('.')}: ${error.message}` : error.message))
    .join('; ');

async function writeShopifyProduct(
  connection: ShopifyConnection,
  product: ProductWrite,
): Promise<WriteResult> {
  const value = (field: string) => product.writes.find((write) => write.field === field)?.after;
  const input: Record<string, unknown> = { id: product.remoteProductId };
  if (value('description') !== undefined) input.descriptionHtml = value('description');
  const seo = { title: value('seo_title'), description: value('seo_description') };
  if (seo.title !== undefined || seo.description !== undefined) input.seo = seo;
  const handle = value('handle');
  const oldHandle = product.live.values.get('handle');
  if (handle !== undefined) {
    input.handle = handle;
    // An undo puts the old handle back without a redirect, and removes the one the push made.
    input.redirectNewHandle = !product.removeRedirectId;
  }
  if (product.removeRedirectId) {
    const data = await shopifyGraphql<{ urlRedirectDelete: { userErrors: UserError[] } }>(
      connection,
      DELETE_REDIRECT,
      {
        id: product.removeRedirectId,
      },
    );
    if (data.urlRedirectDelete.userErrors.length > 0)
      return { error: describe(data.urlRedirectDelete.userErrors) };
  }
  // Alt texts first, so that productUpdate's answer carries the product's updatedAt after both writes.
  const alts = product.writes.filter((write) => write.field.startsWith('alt_text:'));
  if (alts.length > 0) {
    const data = await shopifyGraphql<{ fileUpdate: { userErrors: UserError[] } }>(connection, FILE_UPDATE, {
      files: alts.map((write) => ({ id: write.field.slice('alt_text:'.length), alt: write.after })),
    });
    if (data.fileUpdate.userErrors.length > 0) return { error: describe(data.fileUpdate.userErrors) };
  }
  let redirectId: string | null = null;
  let updatedAt: string | undefined;
  if (Object.keys(input).length > 1) {
    const data = await shopifyGraphql<{
      productUpdate: { product: { updatedAt: string } | null; userErrors: UserError[] };
    }>(connection, PRODUCT_UPDATE, {
      product: input,
    });
    if (data.productUpdate.userErrors.length > 0) return { error: describe(data.productUpdate.userErrors) };
    updatedAt = data.productUpdate.product?.updatedAt;
    if (handle !== undefined && !product.removeRedirectId && oldHandle) {
      redirectId = await findRedirect(connection, `/products/${oldHandle}`);
    }
  }
  return { error: null, redirectId, updatedAt };
}

/**
 * The redirect whose path is exactly `path`, the one productUpdate made from the old handle; never another that
 * Shopify's search also answers (a longer path with the same start), which undo would then delete.
 */
async function findRedirect(connection: ShopifyConnection, path: string): Promise<string | null> {
  const found = await shopifyGraphql<{ urlRedirects: { nodes: { id: string; path: string }[] } }>(
    connection,
    FIND_REDIRECT,
    { query: `path:${JSON.stringify(path)}` },
  );
  return found.urlRedirects.nodes.find((redirect) => redirect.path === path)?.id ?? null;
}

/** Each updated item comes back whole, as the product or variation now is (its date_modified_gmt included). */
type BatchAnswer = { update?: { id: number; error?: { message: string }; date_modified_gmt?: string }[] };
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

async function writeWooCommerce(connection: WooConnection, products: ProductWrite[]): Promise<WriteResult[]> {
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
      const { data } = await wooRequest<BatchAnswer>(connection, 'POST', path, {
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
