// The store's values now for the fields a push writes: read before a preview, and again right
// before each write so that a product edited in the store meanwhile is never overwritten. Shopify: `nodes`
// by product id, 10 at a time; WooCommerce: `products?include=` pages of 100 (four at once), and each
// parent's variations.
import { type ShopifyConnection, shopifyGraphql } from './shopify-api';
import { LIVE_PRODUCTS } from './shopify-documents';
import type { StoreClient } from './store-connection';
import { type WooConnection, wooRequest } from './woocommerce-api';
import { type SeoPlugin, seoKeysOf, seoPluginOf } from './woocommerce-seo';
import { sameShownText } from './woocommerce-text';

export type LiveProduct = {
  updatedAt: string;
  /** field (as push-plan names it) → the store's value, '' when empty */
  values: Map<string, string>;
  /** WooCommerce: the product's images in order, as a write of `images` must list them all. */
  images?: { id: number; alt: string }[];
  /** Fields the store answers formatted for display, not as written (woocommerce-text.ts). */
  formatted?: readonly string[];
  /** WooCommerce: the SEO plugin meta keys this product uses; none without a plugin. */
  seoKeys?: { title: string; description: string } | null;
};

export type RemoteRef = { remoteProductId: string; remoteVariantId: string | null };

export const storeKey = (productId: string, variantId: string | null) => `${productId}|${variantId ?? ''}`;

/** Whether the store's value of `field` is `value`, as far as the store lets it be read back. */
export function holds(live: LiveProduct, field: string, value: string): boolean {
  const now = live.values.get(field);
  if (now === undefined) return false;
  return now === value || (live.formatted?.includes(field) === true && sameShownText(now, value));
}

const SHOPIFY_CHUNK = 10;
const WOO_PAGE = 100;
const WOO_PAGES_IN_FLIGHT = 4;

export async function readLiveProducts(
  client: StoreClient,
  refs: RemoteRef[],
): Promise<Map<string, LiveProduct | null>> {
  return client.platform === 'shopify'
    ? readShopify(client.connection, refs)
    : readWooCommerce(client.connection, refs);
}

type ShopifyLive = {
  id: string;
  handle: string;
  updatedAt: string;
  descriptionHtml: string;
  seo: { title: string | null; description: string | null };
  media: { nodes: { id?: string; alt?: string | null }[] };
};

async function readShopify(connection: ShopifyConnection, refs: RemoteRef[]) {
  const live = new Map<string, LiveProduct | null>();
  const ids = [...new Set(refs.map((ref) => ref.remoteProductId))];
  for (let start = 0; start < ids.length; start += SHOPIFY_CHUNK) {
    const chunk = ids.slice(start, start + SHOPIFY_CHUNK);
    const data = await shopifyGraphql<{ nodes: (ShopifyLive | null)[] }>(connection, LIVE_PRODUCTS, {
      ids: chunk,
    });
    chunk.forEach((id, index) => {
      const node = data.nodes[index];
      if (!node) {
        live.set(storeKey(id, null), null);
        return;
      }
      const values = new Map<string, string>([
        ['description', node.descriptionHtml ?? ''],
        ['seo_title', node.seo.title ?? ''],
        ['seo_description', node.seo.description ?? ''],
        ['handle', node.handle],
      ]);
      for (const media of node.media.nodes) if (media.id) values.set(`alt_text:${media.id}`, media.alt ?? '');
      live.set(storeKey(id, null), { updatedAt: node.updatedAt, values });
    });
  }
  return live;
}

type WooMeta = { key: string; value: unknown };
type WooLive = {
  id: number;
  slug?: string;
  description: string;
  short_description?: string;
  date_modified_gmt: string;
  images?: { id: number; alt: string }[];
  meta_data: WooMeta[];
};

function wooValues(item: WooLive, plugin: SeoPlugin): LiveProduct {
  const keys = seoKeysOf(plugin, [item]);
  const meta = (key: string) => {
    const value = item.meta_data.find((entry) => entry.key === key)?.value;
    return typeof value === 'string' ? value : '';
  };
  const values = new Map<string, string>([['description', item.description ?? '']]);
  if (item.slug !== undefined) {
    values.set('short_description', item.short_description ?? '');
    if (keys) {
      values.set('seo_title', meta(keys.title));
      values.set('seo_description', meta(keys.description));
    }
    values.set('handle', item.slug);
  }
  for (const image of item.images ?? []) values.set(`alt_text:${image.id}`, image.alt ?? '');
  return {
    updatedAt: item.date_modified_gmt,
    values,
    images: item.images?.map(({ id, alt }) => ({ id, alt })),
    seoKeys: keys,
    formatted: item.slug === undefined ? ['description'] : [],
  };
}

async function readWooCommerce(connection: WooConnection, refs: RemoteRef[]) {
  const live = new Map<string, LiveProduct | null>();
  const plugin = await seoPluginOf(connection);
  const parents = [...new Set(refs.map((ref) => ref.remoteProductId))];
  const chunks: string[][] = [];
  for (let start = 0; start < parents.length; start += WOO_PAGE)
    chunks.push(parents.slice(start, start + WOO_PAGE));
  // A few pages in flight at once: a preview of a big catalogue waits on the store's round trips, not ours.
  for (let start = 0; start < chunks.length; start += WOO_PAGES_IN_FLIGHT) {
    const pages = await Promise.all(
      chunks.slice(start, start + WOO_PAGES_IN_FLIGHT).map(async (chunk) => {
        const { data } = await wooRequest<WooLive[]>(connection, 'GET', '/products', {
          // edit: the stored values, which a write puts back; view's wpautop would never compare equal.
          query: { include: chunk.join(','), per_page: WOO_PAGE, context: 'edit' },
        });
        return { chunk, data };
      }),
    );
    for (const { chunk, data } of pages) {
      for (const id of chunk) {
        const item = data.find((product) => String(product.id) === id);
        live.set(storeKey(id, null), item ? wooValues(item, plugin) : null);
      }
    }
  }
  const variationsByParent = new Map<string, string[]>();
  for (const ref of refs) {
    if (!ref.remoteVariantId) continue;
    variationsByParent.set(ref.remoteProductId, [
      ...(variationsByParent.get(ref.remoteProductId) ?? []),
      ref.remoteVariantId,
    ]);
  }
  for (const [parent, variations] of variationsByParent) {
    const found =
      live.get(storeKey(parent, null)) === null
        ? []
        : (
            await wooRequest<WooLive[]>(connection, 'GET', `/products/${parent}/variations`, {
              query: { include: variations.join(','), per_page: WOO_PAGE, context: 'edit' },
            })
          ).data;
    for (const id of variations) {
      const item = found.find((variation) => String(variation.id) === id);
      live.set(storeKey(parent, id), item ? wooValues(item, plugin) : null);
    }
  }
  return live;
}
