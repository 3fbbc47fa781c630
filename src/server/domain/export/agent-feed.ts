// The Agentic Commerce Protocol's product feed (release 2026-04-17, docs/agent-feed.md): one Product per
// product, holding every sellable variant as a Variant with its title, description (plain and HTML), page,
// images with their alt texts, price in minor units with its currency, availability, barcode, options and
// seller. The schema sets additionalProperties false everywhere, so nothing goes in that it does not name:
// it has no place for questions and answers (the Merchant supplemental feed carries them). A product or
// variant the feed cannot describe is left out and listed with its reason, never written half.
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import { fieldWithStoreBody } from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import { writeCell } from './column-kinds';
import { isStoreDescription } from './fill-empty';
import { absoluteUrl, pageUrl } from './jsonld';
import { variantTitle } from './merchant';
import { groupOptions, isSellable, type ProductGroup, productHandle, productSku } from './product-keys';
import { appendText, copyText, productBodyHtml } from './rows';

type Price = { amount: number; currency: string };
type Media = { type: 'image'; url: string; alt_text?: string };
type Link = { type: string; url: string; title?: string };
export type AcpSeller = { name: string; links: Link[] };
export type AcpVariant = {
  id: string;
  title: string;
  description?: { plain: string; html?: string };
  url?: string;
  barcodes?: { type: string; value: string }[];
  price?: Price;
  availability?: { available: boolean; status: string };
  variant_options?: { name: string; value: string }[];
  media?: Media[];
  seller?: AcpSeller;
};
export type AcpProduct = {
  id: string;
  title?: string;
  description?: { plain: string; html?: string };
  url?: string;
  media?: Media[];
  variants: AcpVariant[];
};

/** A product or variant the feed leaves out, for the report beside it. */
export type LeftOut = { productId: number; name: string; handle: string; sku: string; reason: string };

export type AgentFeedContext = {
  seller: AcpSeller;
  /** The shop's address, for a product with a handle or a path but no full URL. */
  storeUrl: string | null;
  /** The export's currency where a price's own cell named none (offerCurrency). */
  currency: string | null;
};

export type AgentFeedOptions = {
  seller: AcpSeller;
  storeUrl: string | null;
  /** metadata.json: the feed's stable id (one per bundle) and its market. */
  feedId: string;
  targetCountry?: string;
  /** When the file is written, as metadata.json's updated_at. */
  now: Date;
};

/** An amount such as "12.5" in the currency's minor units (1250 cents, 12 yen), rounded half up. */
export function minorUnits(amount: string, currency: string): number | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return undefined;
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits!;
  const fraction = (match[2] ?? '').padEnd(digits + 1, '0');
  const whole = BigInt(`${match[1]}${fraction.slice(0, digits)}`);
  const rounded = Number(fraction[digits]) >= 5 ? whole + 1n : whole;
  return rounded <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(rounded) : undefined;
}

const AVAILABILITY = {
  InStock: { available: true, status: 'in_stock' },
  OutOfStock: { available: false, status: 'out_of_stock' },
  BackOrder: { available: true, status: 'backorder' },
} as const;

const stripTags = (html: string) =>
  html
    .replace(/<(br|\/p|\/li|\/h\d)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The description in both forms; a store description kept by fill-empty is HTML already. */
function descriptionOf(product: BundleWorkflowProduct) {
  const html = productBodyHtml(product);
  const plain = isStoreDescription(product)
    ? stripTags(html)
    : appendText(
        product.description?.trim(),
        copyText(product, fieldWithStoreBody(COPY_FIELD_REGISTRY, 'facts')),
      );
  if (!plain) return undefined;
  const written = writeCell('agent-feed', 'description.plain', plain);
  return html.trim()
    ? { plain: written, html: writeCell('agent-feed', 'description.html', html) }
    : { plain: written };
}

/** Each image with a full http(s) address, its alt text where it has one. */
function mediaOf(product: BundleWorkflowProduct): Media[] {
  return (product.image_details ?? []).flatMap((image) => {
    const url = absoluteUrl(image.url)?.href;
    if (!url) return [];
    const alt = writeCell('agent-feed', 'alt_text', image.alt_text ?? '').trim();
    return [{ type: 'image' as const, url, ...(alt ? { alt_text: alt } : {}) }];
  });
}

/** The page: the product's own full URL, else its path or Shopify handle under the shop's address. */
function productUrl(member: BundleWorkflowProduct, parent: BundleWorkflowProduct, storeUrl: string | null) {
  const own = pageUrl(member, parent);
  if (own || !storeUrl) return own;
  const path = (parent.product_details.url ?? '').trim();
  const handle = parent.product_details.handle?.trim();
  const relative = path.startsWith('/') ? path : handle ? `/products/${encodeURIComponent(handle)}` : '';
  if (!relative) return undefined;
  const url = new URL(relative, storeUrl);
  const variantId = member.store_copy?.offer?.variant_id;
  if (variantId && member !== parent) url.searchParams.set('variant', variantId);
  return url.href;
}

/** Why a product has no page: no shop address to put its handle under, or nothing naming its page. */
const noUrl = (parent: BundleWorkflowProduct, context: AgentFeedContext) =>
  !context.storeUrl && (parent.product_details.handle || parent.product_details.url)
    ? 'no url (a full product URL, or a handle with seller.store_url)'
    : 'no url (the file names no product page or handle: a WooCommerce CSV has none, a connected store does)';

const nameOf = (product: BundleWorkflowProduct) =>
  writeCell(
    'agent-feed',
    'title',
    product.heading || product.product_details.product_name || product.page_title || '',
  ).trim();

/** The product's Product line, or null when it is left out; every left-out item is in `leftOut`. */
export function agentFeedProduct(
  group: ProductGroup,
  context: AgentFeedContext,
): { product: AcpProduct | null; leftOut: LeftOut[] } {
  const { parent } = group;
  const options = groupOptions(group);
  const leftOut: LeftOut[] = [];
  const leave = (member: BundleWorkflowProduct, reason: string) =>
    leftOut.push({
      productId: member.product_id,
      name: member.product_details.product_name ?? '',
      handle: productHandle(parent),
      sku: productSku(member),
      reason,
    });
  const url = productUrl(parent, parent, context.storeUrl);
  const media = mediaOf(parent);
  const sellable = group.members.filter((member) => isSellable(member, group));
  const usedIds = new Set<string>();
  const variants: AcpVariant[] = [];
  for (const member of sellable) {
    const variant = variantOf(member, group, options.get(member.id) ?? [], context, usedIds);
    if ('reason' in variant) leave(member, variant.reason);
    else variants.push(variant);
  }
  const withImage = media.length > 0 || variants.some((variant) => variant.media?.length);
  const whole = !url ? 'no url' : !withImage ? 'no image' : variants.length === 0 ? 'no variant' : null;
  if (whole) {
    const reason =
      whole === 'no variant'
        ? 'no variant with a price'
        : whole === 'no url'
          ? noUrl(parent, context)
          : whole;
    for (const member of sellable)
      if (!leftOut.some((item) => item.productId === member.product_id)) leave(member, reason);
    return { product: null, leftOut };
  }
  const description = descriptionOf(parent);
  const title = nameOf(parent);
  return {
    product: {
      id: productHandle(parent),
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      url: url!,
      ...(media.length > 0 ? { media } : {}),
      variants,
    },
    leftOut,
  };
}

function variantOf(
  member: BundleWorkflowProduct,
  group: ProductGroup,
  options: { name: string; value: string }[],
  context: AgentFeedContext,
  usedIds: Set<string>,
): AcpVariant | { reason: string } {
  const offer = member.store_copy?.offer;
  const currency = offer?.currency ?? context.currency;
  if (!offer?.price) return { reason: 'no price' };
  if (!currency) return { reason: 'no currency' };
  const amount = minorUnits(offer.price, currency);
  if (amount === undefined) return { reason: `price ${offer.price} is not an amount` };
  const chosen = options
    .map((option) => ({
      name: writeCell('agent-feed', 'variant_option', option.name).trim(),
      value: writeCell('agent-feed', 'variant_option', option.value).trim(),
    }))
    .filter((option) => option.name && option.value);
  const id = variantId(member, group, chosen, usedIds);
  const title = variantTitle(
    nameOf(member) || nameOf(group.parent),
    chosen.map((option) => option.value),
  );
  const url = productUrl(member, group.parent, context.storeUrl);
  const media = member === group.parent ? [] : mediaOf(member);
  const description = member === group.parent ? undefined : descriptionOf(member);
  return {
    id,
    title,
    ...(description && description.plain !== descriptionOf(group.parent)?.plain ? { description } : {}),
    ...(url ? { url } : {}),
    ...(offer.gtin ? { barcodes: [{ type: 'GTIN', value: offer.gtin }] } : {}),
    price: { amount, currency },
    ...(offer.availability ? { availability: { ...AVAILABILITY[offer.availability] } } : {}),
    ...(chosen.length > 0 ? { variant_options: chosen } : {}),
    ...(media.length > 0 ? { media } : {}),
    seller: context.seller,
  };
}

/** The SKU, else the store's variant or product id, else the handle and the option values; never twice. */
function variantId(
  member: BundleWorkflowProduct,
  group: ProductGroup,
  chosen: { value: string }[],
  usedIds: Set<string>,
): string {
  const offer = member.store_copy?.offer;
  const handle = productHandle(group.parent);
  const candidates = [
    productSku(member),
    offer?.variant_id ?? '',
    member.product_details.id?.trim() ?? '',
    [handle, ...chosen.map((option) => option.value)].join('-').toLowerCase().replace(/\s+/g, '-'),
    `${handle}-${member.product_id}`,
  ];
  const id = candidates.find((candidate) => candidate && !usedIds.has(candidate)) ?? `${handle}-${member.id}`;
  usedIds.add(id);
  return id;
}
