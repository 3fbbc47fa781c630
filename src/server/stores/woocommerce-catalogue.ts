// A WooCommerce store's catalogue read through REST v3 (docs/store-apis.md), so that a connected store
// imports without a CSV export by hand: products in pages of 100, and each variable product's variations in
// pages of 100, then written out as the store's own export (woocommerce-rows.ts). The SEO title and
// description come from the plugin the store uses (Yoast or Rank Math meta_data keys).

import { type PulledCatalogue, type PullOptions, tooManyProducts } from './pulled-catalogue';
import { StoreApiError } from './store-api-error';
import { type WooConnection, wooRequest } from './woocommerce-api';
import { type WooEntry, type WooProduct, type WooVariation, writeWooExport } from './woocommerce-rows';
import { SEO_META_KEYS, seoKeysOf, seoPluginOf } from './woocommerce-seo';

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
  const plugin = await seoPluginOf(connection);
  // Without a plugin the store shows no SEO copy, but Yoast's keys are the export's columns all the same.
  const keys =
    seoKeysOf(
      plugin,
      entries.map(({ product }) => product),
    ) ?? SEO_META_KEYS.yoast;
  return writeWooExport(entries, keys);
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

async function readPage<T>(
  connection: WooConnection,
  path: string,
  page: number,
  signal?: AbortSignal,
): Promise<{ items: T[]; isLast: boolean }> {
  const answer = await wooRequest<T[]>(connection, 'GET', path, {
    // edit: the values as stored, as WooCommerce's CSV export writes them (view adds wpautop's <p> and
    // <br />); by id, so that a page does not shift while the store changes during the read.
    query: { per_page: PER_PAGE, page, context: 'edit', orderby: 'id', order: 'asc' },
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
