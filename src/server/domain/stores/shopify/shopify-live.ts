// A Shopify store's values now for the fields a push writes: read before a preview, and again right before
// each write so that a product edited in the store meanwhile is never overwritten. `nodes` by product id, 10
// at a time; with languages, the product's translations in each as well (shopify-translations.ts).
import { type LiveProduct, type RemoteRef, storeKey } from '../platform';
import { liveProductsAnswer } from './shopify-answers';
import { type ShopifyConnection, shopifyGraphql } from './shopify-api';
import { LIVE_PRODUCTS } from './shopify-documents';
import { readShopifyTranslations } from './shopify-translations';

const SHOPIFY_CHUNK = 10;

export async function readShopifyLive(
  connection: ShopifyConnection,
  refs: RemoteRef[],
  languages: readonly string[] = [],
) {
  const live = new Map<string, LiveProduct | null>();
  const ids = [...new Set(refs.map((ref) => ref.remoteProductId))];
  for (let start = 0; start < ids.length; start += SHOPIFY_CHUNK) {
    const chunk = ids.slice(start, start + SHOPIFY_CHUNK);
    const data = await shopifyGraphql(connection, LIVE_PRODUCTS, liveProductsAnswer, { ids: chunk });
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
  // Translations only where a push writes them: one read per product and language.
  for (const id of languages.length > 0 ? ids : []) {
    const product = live.get(storeKey(id, null));
    if (!product) continue;
    for (const [field, value] of await readShopifyTranslations(connection, id, languages)) {
      product.values.set(field, value);
    }
  }
  return live;
}
