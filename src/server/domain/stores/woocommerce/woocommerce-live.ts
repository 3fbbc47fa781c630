// A WooCommerce store's values now for the fields a push writes: read before a preview, and again right
// before each write so that a product edited in the store meanwhile is never overwritten. `products?include=`
// pages of 100 (four at once), and each parent's variations.

import { z } from 'zod';
import { type LiveProduct, type RemoteRef, storeKey } from '../platform';
import { wooLive } from './woocommerce-answers';
import { type WooConnection, wooRequest } from './woocommerce-api';
import { type SeoPlugin, seoKeysOf, seoPluginOf } from './woocommerce-seo';
import { yoastKeeps } from './woocommerce-yoast';

const WOO_PAGE = 100;
const WOO_PAGES_IN_FLIGHT = 4;

type WooLive = z.infer<typeof wooLive>;
const wooLivePage = z.array(wooLive);

export function wooValues(item: WooLive, plugin: SeoPlugin): LiveProduct {
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
    ...(plugin === 'yoast' ? { keeps: yoastKeeps } : {}),
    // A variation's description reads back formatted (woocommerce-text.ts), context=edit or not.
    formatted: item.slug === undefined ? ['description'] : [],
  };
}

/** A parent's variations of `ids`, page after page: a product may have more than a page of 100. */
async function readVariations(connection: WooConnection, parent: string, ids: string[]): Promise<WooLive[]> {
  const found: WooLive[] = [];
  for (let page = 1; ; page++) {
    const { data, totalPages } = await wooRequest(
      connection,
      'GET',
      `/products/${parent}/variations`,
      wooLivePage,
      {
        query: {
          include: ids.join(','),
          per_page: WOO_PAGE,
          page,
          context: 'edit',
          orderby: 'id',
          order: 'asc',
        },
      },
    );
    found.push(...data);
    const last = totalPages ?? (data.length < WOO_PAGE ? page : page + 1);
    if (page >= last || data.length === 0) return found;
  }
}

export async function readWooCommerceLive(connection: WooConnection, refs: RemoteRef[]) {
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
        const { data } = await wooRequest(connection, 'GET', '/products', wooLivePage, {
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
      live.get(storeKey(parent, null)) === null ? [] : await readVariations(connection, parent, variations);
    for (const id of variations) {
      const item = found.find((variation) => String(variation.id) === id);
      live.set(storeKey(parent, id), item ? wooValues(item, plugin) : null);
    }
  }
  return live;
}
