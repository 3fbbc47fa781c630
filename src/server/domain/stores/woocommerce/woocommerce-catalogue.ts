// A WooCommerce store's catalogue read through REST v3 (docs/store-apis.md), so that a connected store
// imports without a CSV export by hand: products in pages of 100, and each variable product's variations in
// pages of 100, then written out as the store's own export (woocommerce-rows.ts). The SEO title and
// description come from the plugin the store uses (Yoast or Rank Math meta_data keys).

import { z } from 'zod';
import { storedValuesOf } from '../platform';
import { type PulledCatalogue, type PullOptions, tooManyProducts } from '../pulled-catalogue';
import { parseStoreAnswer, StoreApiError } from '../store-api-error';
import { wooProduct, wooVariation } from './woocommerce-answers';
import { type WooConnection, wooRequest } from './woocommerce-api';
import { wooValues } from './woocommerce-live';
import { type WooEntry, writeWooExport } from './woocommerce-rows';
import { seoKeysOf, seoPluginOf } from './woocommerce-seo';

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
  // Without a plugin nothing shows an SEO title or description: Yoast meta a removed Yoast left behind is
  // not the store's SEO copy, so the export's Meta columns stay empty (null keys).
  const keys = seoKeysOf(
    plugin,
    entries.map(({ product }) => product),
  );
  const catalogue = writeWooExport(entries, keys);
  // The values a push writes, as this read found them, so that a push can journal them without reading again.
  const items = entries.flatMap(({ product, variations }) => [product, ...variations]);
  catalogue.records.forEach((record, index) => {
    record.remoteValues = storedValuesOf(wooValues(items[index]!, plugin));
  });
  return catalogue;
}

async function readEntries(connection: WooConnection, options: PullOptions): Promise<WooEntry[]> {
  const { maxProducts, signal } = options;
  const entries: WooEntry[] = [];
  let count = 0;
  for (let page = 1; ; page++) {
    const answer = await readPage(connection, '/products', wooProduct, page, signal);
    for (const product of answer.items) {
      const variations =
        product.type === 'variable'
          ? await readPages(
              connection,
              `/products/${product.id}/variations`,
              wooVariation,
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

async function readPage<S extends z.ZodType>(
  connection: WooConnection,
  path: string,
  item: S,
  page: number,
  signal?: AbortSignal,
): Promise<{ items: z.output<S>[]; isLast: boolean }> {
  const answer = await wooRequest(connection, 'GET', path, z.unknown(), {
    // edit: the values as stored, as WooCommerce's CSV export writes them (view adds wpautop's <p> and
    // <br />); by id, so that a page does not shift while the store changes during the read.
    query: { per_page: PER_PAGE, page, context: 'edit', orderby: 'id', order: 'asc' },
    signal,
  });
  if (!Array.isArray(answer.data))
    throw new StoreApiError('not_platform', `WooCommerce answered ${path} with something other than a list.`);
  const items = parseStoreAnswer(z.array(item), answer.data, `WooCommerce's answer to ${path}`);
  const pages = answer.totalPages ?? (items.length < PER_PAGE ? page : page + 1);
  return { items, isLast: page >= pages || items.length === 0 };
}

async function readPages<S extends z.ZodType>(
  connection: WooConnection,
  path: string,
  item: S,
  max: number,
  signal?: AbortSignal,
): Promise<z.output<S>[]> {
  const items: z.output<S>[] = [];
  for (let page = 1; ; page++) {
    const answer = await readPage(connection, path, item, page, signal);
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
  const answer = await wooRequest(connection, 'GET', '/products', z.unknown(), {
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
