// A WooCommerce store's catalogue read through REST v3 (docs/store-apis.md), so that a connected store
// imports without a CSV export by hand: products in pages of 100, and each variable product's variations in
// pages of 100, then written out as the store's own export (woocommerce-rows.ts). The SEO title and
// description come from the plugin the store uses (Yoast or Rank Math meta_data keys).

import { type PulledCatalogue, type PullOptions, tooManyProducts } from '../pulled-catalogue';
import { StoreApiError } from '../store-api-error';
import { type WooConnection, wooRequest } from './woocommerce-api';
import { type WooEntry, type WooProduct, type WooVariation, writeWooExport } from './woocommerce-rows';

/** The SEO plugins' meta keys (Yoast, Rank Math), as their own CSV columns name them. */
export const SEO_META_KEYS = {
  yoast: { title: '_yoast_wpseo_title', description: '_yoast_wpseo_metadesc' },
  rank_math: { title: 'rank_math_title', description: 'rank_math_description' },
} as const;

const PER_PAGE = 100;

/**
 * Reads the whole catalogue, a page of products and then their variations at a time (progress after each);
 * refuses past `maxProducts` products and variations.
 */
export async function pullWooCommerceCatalogue(
  connection: WooConnection,
  options: PullOptions,
): Promise<PulledCatalogue> {
  const entries = await readEntries(connection, options);
  return writeWooExport(entries, SEO_META_KEYS[seoPluginOf(entries)]);
}

async function readEntries(connection: WooConnection, options: PullOptions): Promise<WooEntry[]> {
  const { maxProducts, signal } = options;
  const entries: WooEntry[] = [];
  let count = 0;
  for (let page = 1; ; page++) {
    const answer = await readPage<WooProduct>(connection, '/products', page, signal);
    for (const product of answer.items) {
      const variations =
        product.type === 'variable'
          ? await readPages<WooVariation>(
              connection,
              `/products/${product.id}/variations`,
              maxProducts,
              signal,
            )
          : [];
      count += 1 + variations.length;
      if (count > maxProducts) throw tooMany(maxProducts);
      entries.push({ product, variations });
    }
    await options.onProgress?.(entries.length);
    if (answer.isLast) return entries;
  }
}

/** Rank Math when any product carries its meta keys; otherwise Yoast. */
function seoPluginOf(entries: WooEntry[]): keyof typeof SEO_META_KEYS {
  return entries.some(({ product }) => product.meta_data.some((m) => m.key.startsWith('rank_math_')))
    ? 'rank_math'
    : 'yoast';
}

async function readPage<T>(
  connection: WooConnection,
  path: string,
  page: number,
  signal?: AbortSignal,
): Promise<{ items: T[]; isLast: boolean }> {
  const answer = await wooRequest<T[]>(connection, 'GET', path, {
    query: { per_page: PER_PAGE, page },
    signal,
  });
  if (!Array.isArray(answer.data))
    throw new StoreApiError('not_platform', `WooCommerce answered ${path} with something other than a list.`);
  const pages = answer.totalPages ?? (answer.data.length < PER_PAGE ? page : page + 1);
  return { items: answer.data, isLast: page >= pages || answer.data.length === 0 };
}

async function readPages<T>(
  connection: WooConnection,
  path: string,
  max: number,
  signal?: AbortSignal,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await readPage<T>(connection, path, page, signal);
    items.push(...answer.items);
    if (items.length > max) throw tooMany(max);
    if (answer.isLast) return items;
  }
}

/** How many products the store holds (X-WP-Total of a one-product page), or null when it does not say. */
export async function countWooProducts(
  connection: WooConnection,
  signal?: AbortSignal,
): Promise<number | null> {
  const answer = await wooRequest<unknown[]>(connection, 'GET', '/products', {
    query: { per_page: 1 },
    signal,
  });
  if (!Array.isArray(answer.data))
    throw new StoreApiError(
      'not_platform',
      'WooCommerce answered /products with something other than a list.',
    );
  return answer.total;
}

const tooMany = (max: number) => new StoreApiError('api', tooManyProducts(max));
