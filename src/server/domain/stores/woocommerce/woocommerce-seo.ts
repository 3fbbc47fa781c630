// Which SEO plugin a WooCommerce store runs, and so which post meta keys hold its SEO title and description.
// The REST index (/wp-json/) lists every active plugin's namespace: Yoast SEO registers yoast/v1, Rank Math
// rankmath/v1. That is asked once per connection, because a product's own meta_data cannot tell: a product
// Rank Math has never saved carries no rank_math_ key yet, and Yoast's keys linger after Yoast is removed.
// A store whose index cannot be read (security plugins hide it) falls back to the products' meta keys.
import { type StoreNetwork, StoreRequestError, storeRequest } from '../store-request';
import { wpIndex } from './woocommerce-answers';

/** The SEO plugins' meta keys (Yoast, Rank Math), as their own CSV columns name them. */
export const SEO_META_KEYS = {
  yoast: { title: '_yoast_wpseo_title', description: '_yoast_wpseo_metadesc' },
  rank_math: { title: 'rank_math_title', description: 'rank_math_description' },
} as const;

/** unknown: the index could not be read. */
export type SeoPlugin = keyof typeof SEO_META_KEYS | 'none' | 'unknown';

export type SeoMetaKeys = { title: string; description: string };

/** What asking needs of a WooConnection (woocommerce-api.ts), which keeps the answer. */
type IndexConnection = { url: URL; network: StoreNetwork; seoPlugin?: Promise<SeoPlugin> };

/** The store's SEO plugin, asked once per connection. */
export function seoPluginOf(connection: IndexConnection): Promise<SeoPlugin> {
  connection.seoPlugin ??= askIndex(connection);
  return connection.seoPlugin;
}

async function askIndex(connection: IndexConnection): Promise<SeoPlugin> {
  const url = new URL('/wp-json/', connection.url);
  url.searchParams.set('_fields', 'namespaces');
  let namespaces: string[] | undefined;
  try {
    const response = await storeRequest(connection.network, url);
    if (response.status === 200) namespaces = wpIndex.safeParse(JSON.parse(response.body)).data?.namespaces;
  } catch (error) {
    if (error instanceof StoreRequestError || error instanceof SyntaxError) return 'unknown';
    throw error;
  }
  if (!namespaces) return 'unknown';
  if (namespaces.includes('rankmath/v1')) return 'rank_math';
  if (namespaces.includes('yoast/v1')) return 'yoast';
  return 'none';
}

/**
 * The meta keys to read and write for `plugin`; for an unknown one, Rank Math's when any of `items` carries
 * them, else Yoast's; none without a plugin.
 */
export function seoKeysOf(plugin: SeoPlugin, items: { meta_data: { key: string }[] }[]): SeoMetaKeys | null {
  if (plugin === 'none') return null;
  if (plugin !== 'unknown') return SEO_META_KEYS[plugin];
  const rankMath = items.some((item) => item.meta_data.some((meta) => meta.key.startsWith('rank_math_')));
  return SEO_META_KEYS[rankMath ? 'rank_math' : 'yoast'];
}
