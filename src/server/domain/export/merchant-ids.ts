// The ids of the Merchant Center supplemental feed: a supplemental feed only changes the items of
// the main feed whose id it repeats, so each row takes the id the store's own feed uses, and a product with
// none is reported, never given an id of our making. docs/store-formats.md §c has the schemes.
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import type { FunctionRequest } from '../../../common/contract/functions';
import { linkSlug, type MainFeedItem, parseMainFeed } from './main-feed';
import { currentPath, type ProductGroup, productHandle, productSku, productStoreId } from './product-keys';

type Request = FunctionRequest<'export-bundle'>;
export type MerchantIdScheme = NonNullable<Request['merchant_id_scheme']>;

/** An item's id, or why it has none (for the report beside the feed). */
export type MerchantId = { id: string } | { unmatched: string };

export type MerchantIdOf = (member: BundleWorkflowProduct, group: ProductGroup) => MerchantId;

/** The scheme of a request: as given, else from_feed with a main feed, else sku. */
export function merchantScheme(input: Pick<Request, 'merchant_id_scheme' | 'main_feed'>): MerchantIdScheme {
  return input.merchant_id_scheme ?? (input.main_feed ? 'from_feed' : 'sku');
}

const optionValues = (member: BundleWorkflowProduct, group: ProductGroup, options: OptionsOf) =>
  (options(group).get(member.id) ?? []).map((option) => option.value.trim().toLowerCase()).filter(Boolean);

type OptionsOf = (group: ProductGroup) => Map<number, { name: string; value: string }[]>;

export async function merchantIdOf(
  input: Pick<Request, 'merchant_id_scheme' | 'merchant_id_prefix' | 'main_feed'>,
  options: OptionsOf,
): Promise<MerchantIdOf> {
  const scheme = merchantScheme(input);
  const prefix = input.merchant_id_prefix ?? '';
  switch (scheme) {
    case 'sku':
      return (member) => {
        const sku = productSku(member);
        return sku ? { id: sku } : { unmatched: 'no SKU' };
      };
    case 'woocommerce':
      return (member) => {
        const id = productStoreId(member);
        return /^\d+$/.test(id) ? { id: `${prefix}${id}` } : { unmatched: 'no WooCommerce ID' };
      };
    case 'shopify': {
      // shopify_{COUNTRY}_{product id}_{variant id}; the country is the prefix, US when none is given.
      const country = (prefix || 'US').toUpperCase();
      return (member) => {
        const offer = member.store_copy?.offer;
        return offer?.product_id && offer.variant_id
          ? { id: `shopify_${country}_${offer.product_id}_${offer.variant_id}` }
          : { unmatched: 'no Shopify product and variant ID (a CSV export has none: use from_feed)' };
      };
    }
    case 'from_feed':
      return fromFeed(await parseMainFeed(input.main_feed?.text ?? ''), options);
  }
}

const sameValues = (a: readonly string[], b: readonly string[]) => {
  const sorted = [...b].sort();
  return a.length === b.length && [...a].sort().every((value, index) => value === sorted[index]);
};

/** Matched by the link's handle or slug with the variant's values, then SKU = mpn, then gtin. */
function fromFeed(items: MainFeedItem[], options: OptionsOf): MerchantIdOf {
  const bySlug = new Map<string, MainFeedItem[]>();
  const byMpn = new Map<string, MainFeedItem>();
  const byGtin = new Map<string, MainFeedItem>();
  for (const item of items) {
    if (item.slug) bySlug.set(item.slug, [...(bySlug.get(item.slug) ?? []), item]);
    if (item.mpn && !byMpn.has(item.mpn)) byMpn.set(item.mpn, item);
    if (item.gtin && !byGtin.has(item.gtin)) byGtin.set(item.gtin, item);
  }
  return (member, group) => {
    const slugs = [productHandle(group.parent), linkSlug(currentPath(group.parent))].filter(Boolean);
    const candidates = slugs.flatMap((slug) => bySlug.get(slug) ?? []);
    const values = optionValues(member, group, options);
    const matches =
      group.members.length > 1 || values.length > 0
        ? candidates.filter((item) => sameValues(item.values, values))
        : candidates;
    if (new Set(matches.map((item) => item.id)).size === 1) return { id: matches[0]!.id };
    const sku = productSku(member);
    const bySku = sku ? byMpn.get(sku) : undefined;
    if (bySku) return { id: bySku.id };
    const gtin = member.store_copy?.offer?.gtin?.replace(/^0+(?=\d{8})/, '');
    const byCode = gtin ? byGtin.get(gtin) : undefined;
    if (byCode) return { id: byCode.id };
    return { unmatched: 'not in the main feed (no item with its link and values, SKU as mpn, or gtin)' };
  };
}
