// What the store exports key on: a product's handle, SKU, store id, current path and option values, read from
// its product details. Shared by every store format, so that Shopify, WooCommerce, Merchant Center and
// JSON-LD name the same product the same way.
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import { readStoreOptions } from '../../../common/store-files/store-product-details';
import { shopifyHandle } from './rows';

type Product = Pick<BundleWorkflowProduct, 'id' | 'product_details' | 'is_multiple_of'> & {
  url_suggestion?: string | null;
};

/** A product and its variants (is_multiple_of points at the first), parent first; a lone product alone. */
export type ProductGroup<P extends Product = BundleWorkflowProduct> = { parent: P; members: P[] };

/** A grouped writer's chunk as a ProductGroup: the parent is the product the others point at. */
export function asGroup<P extends Product>(members: P[]): ProductGroup<P> {
  const parent = members.find((member) => !member.is_multiple_of) ?? members[0]!;
  return { parent, members };
}

export type ProductOption = { name: string; value: string };

const detail = (product: Product, key: string) => product.product_details[key]?.trim() ?? '';

/** The store's handle: product_details.handle from a store import, else from the URL or the name. */
export function productHandle(product: Product): string {
  return detail(product, 'handle').toLowerCase() || shopifyHandle(product);
}

export const productSku = (product: Product) => detail(product, 'sku');

/** The store's own id (WooCommerce post ID), from a store import. */
export const productStoreId = (product: Product) => detail(product, 'id');

/** The path of the product's current URL (product details url), without scheme, host, query or fragment. */
export function currentPath(product: Product): string {
  return pathOf(detail(product, 'url'));
}

/** The path part of a URL or path; never throws, whatever the text (a broken escape stays as it is). */
export function pathOf(url: string): string {
  const path = url
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '')
    .replace(/[?#].*$/, '');
  if (path === '') return '';
  const rooted = path.startsWith('/') ? path : `/${path}`;
  return rooted.length > 1 ? rooted.replace(/\/+$/, '') : rooted;
}

// Store imports write options under optionDetailKeys (option1_name / option1_value …). Products without
// them (variants found by detect-variants) differ in these details, under Shopify's usual names.
const OPTION_SLOTS = [1, 2, 3] as const;
const DETAIL_OPTIONS = [
  ['colour', 'Color'],
  ['size', 'Size'],
  ['material', 'Material'],
  ['dimensions', 'Dimensions'],
] as const;

// Shopify has three option slots; a WooCommerce product with more attributes keeps its first three.
const storedOptions = (product: Product): ProductOption[] =>
  readStoreOptions(product.product_details).slice(0, OPTION_SLOTS.length);

/**
 * Each member's options, in the same order for every member (Shopify takes the names from the first row):
 * the stored option columns when the parent has them, else the details that differ within the group.
 */
export function groupOptions<P extends Product>(group: ProductGroup<P>): Map<number, ProductOption[]> {
  // The parent's names first; a WooCommerce variable parent may hold none, its variations do.
  const stored =
    [group.parent, ...group.members].map(storedOptions).find((options) => options.length > 0) ?? [];
  if (stored.length > 0) {
    const names = stored.map((option) => option.name);
    return new Map(
      group.members.map((member) => {
        const own = new Map(storedOptions(member).map((option) => [option.name, option.value]));
        return [member.id, names.map((name) => ({ name, value: own.get(name) ?? '' }))];
      }),
    );
  }
  if (group.members.length < 2) return new Map(group.members.map((member) => [member.id, []]));
  const varying = DETAIL_OPTIONS.filter(
    ([key]) => new Set(group.members.map((member) => detail(member, key))).size > 1,
  ).slice(0, OPTION_SLOTS.length);
  return new Map(
    group.members.map((member) => [
      member.id,
      varying.map(([key, name]) => ({ name, value: detail(member, key) })),
    ]),
  );
}

/**
 * Whether a member of a group is sold on its own, as a variant: a lone product always is; in a group, neither a
 * WooCommerce variable product (its variations are) nor a product row that names the options but holds no value,
 * SKU or price of its own while other rows do (the first row of Shopify's documented example: option names,
 * the product fields and an image, then one row per variant). Merchant Center and JSON-LD list only these.
 */
export function isSellable(
  member: Product & { store_copy?: BundleWorkflowProduct['store_copy'] },
  group: ProductGroup<Product>,
): boolean {
  if (group.members.length < 2) return true;
  if (/\bvariable\b/i.test(detail(member, 'product_type'))) return false;
  if (storedOptions(member).length > 0 || productSku(member) || member.store_copy?.offer?.price) return true;
  return !group.members.some((other) => other !== member && storedOptions(other).length > 0);
}

/** A text cut to at most `max` characters (code points), at a word break when one is near. */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd();
}
