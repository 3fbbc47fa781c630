// schema.org JSON-LD for the run's products, for Google's Product rich results and product variants
// (docs/store-formats.md §d): a Product per product, and a ProductGroup with productGroupID, variesBy and
// hasVariant for a product with variants, each variant naming its own values. Every node has name,
// description, image, sku and gtin where known, brand, url, and offers with price, priceCurrency and
// availability, but only when both a price and its currency are known (export-bundle refuses a file with
// prices whose currency it cannot tell).
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import { optionPropertyOf } from '../../../common/store-files/option-names';
import { escapeForScript } from './column-kinds';
import {
  groupOptions,
  isSellable,
  type ProductGroup,
  type ProductOption,
  productHandle,
  productSku,
} from './product-keys';

/** The variesBy property an option's name says (option-names.ts); any other option is an additionalProperty. */
const propertyOf = (name: string): string => optionPropertyOf(name) ?? 'additionalProperty';

type JsonLd = Record<string, unknown>;

/** The product's page when the store gave a full http(s) address; a bare path has no host to resolve it on. */
export function absoluteUrl(value: string | null | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The page of a variant: the product's, with Shopify's ?variant= when the variant's id is known. */
export function pageUrl(product: BundleWorkflowProduct, parent: BundleWorkflowProduct): string | undefined {
  const url = absoluteUrl(product.product_details.url) ?? absoluteUrl(parent.product_details.url);
  if (!url) return undefined;
  const variantId = product.store_copy?.offer?.variant_id;
  if (variantId && product !== parent) url.searchParams.set('variant', variantId);
  return url.href;
}

/** The price's own currency where its cell named one, else the export's (offerCurrency in export-bundle). */
function offerOf(product: BundleWorkflowProduct, currency: string | null, url: string | undefined) {
  const offer = product.store_copy?.offer;
  const priceCurrency = offer?.currency ?? currency;
  if (!offer?.price || !priceCurrency) return undefined;
  return {
    '@type': 'Offer',
    price: offer.price,
    priceCurrency,
    ...(offer.availability ? { availability: `https://schema.org/${offer.availability}` } : {}),
    ...(url ? { url } : {}),
  };
}

type Context = { parent: BundleWorkflowProduct; currency: string | null };

function productNode(product: BundleWorkflowProduct, options: ProductOption[], context: Context): JsonLd {
  const images = (product.image_details ?? []).map((image) => image.url).filter(Boolean);
  const parentImages = (context.parent.image_details ?? []).map((image) => image.url).filter(Boolean);
  const sku = productSku(product);
  const gtin = product.store_copy?.offer?.gtin;
  const brand = (product.product_details.brand ?? context.parent.product_details.brand)?.trim();
  const url = pageUrl(product, context.parent);
  const offers = offerOf(product, context.currency, url);
  const node: JsonLd = {
    '@type': 'Product',
    name: product.heading || product.page_title || product.product_details.product_name || '',
    description: product.description || product.meta_description || '',
    ...(sku ? { sku } : {}),
    ...(gtin ? { gtin } : {}),
    ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
    ...(url ? { url } : {}),
    ...(images.length > 0 || parentImages.length > 0
      ? { image: images.length > 0 ? images : parentImages }
      : {}),
    ...(offers ? { offers } : {}),
  };
  const extra = options.filter((option) => option.value && propertyOf(option.name) === 'additionalProperty');
  for (const option of options) {
    const property = propertyOf(option.name);
    if (property !== 'additionalProperty' && option.value) node[property] = option.value;
  }
  if (extra.length > 0)
    node.additionalProperty = extra.map((option) => ({
      '@type': 'PropertyValue',
      name: option.name,
      value: option.value,
    }));
  return node;
}

/** One node of the graph: a Product, or a ProductGroup holding its variants. */
export function jsonLdNode(group: ProductGroup, currency: string | null = null): JsonLd {
  const options = groupOptions(group);
  const context = { parent: group.parent, currency };
  if (group.members.length < 2) return productNode(group.parent, options.get(group.parent.id) ?? [], context);
  const groupId = productHandle(group.parent);
  // A WooCommerce variable parent, or a product row without values of its own, is not sold itself.
  const sellable = group.members.filter((member) => isSellable(member, group));
  // The properties whose value differs between the variants, from the list Google reads (§d); other options
  // are each variant's additionalProperty. None left (a product that varies only by "Tiers"): no variesBy,
  // which Google's product-variant page recommends "if applicable".
  const named = sellable.flatMap((member) =>
    (options.get(member.id) ?? []).map((option) => propertyOf(option.name)),
  );
  const variesBy = [...new Set(named)].filter((property) => {
    if (property === 'additionalProperty') return false;
    const values = sellable.map((member) =>
      (options.get(member.id) ?? [])
        .filter((option) => option.value && propertyOf(option.name) === property)
        .map((option) => option.value.toLowerCase())
        .join('/'),
    );
    return values.some(Boolean) && new Set(values).size > 1;
  });
  const {
    '@type': _type,
    sku: _sku,
    gtin: _gtin,
    offers: _offers,
    ...shared
  } = productNode(group.parent, [], context);
  return {
    '@type': 'ProductGroup',
    ...shared,
    productGroupID: groupId,
    ...(variesBy.length > 0
      ? { variesBy: variesBy.map((property) => `https://schema.org/${property}`) }
      : {}),
    hasVariant: sellable.map((member) => ({
      ...productNode(member, options.get(member.id) ?? [], context),
      inProductGroupWithID: groupId,
    })),
  };
}

export const JSONLD_HEAD = '{\n  "@context": "https://schema.org",\n  "@graph": [\n';
export const JSONLD_TAIL = '\n  ]\n}\n';

/**
 * A node as it sits in the @graph list, indented to match JSONLD_HEAD, with < > & escaped (escapeForScript):
 * every JSON-LD file is written through here, so none holds a raw < that could close its <script> tag.
 */
export const jsonLdEntry = (node: JsonLd) =>
  escapeForScript(`    ${JSON.stringify(node, null, 2).replace(/\n/g, '\n    ')}`);
