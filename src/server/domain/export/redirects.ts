// Redirects for the handles a push with write_handles really changed (the push journal, pushed-handles.ts),
// from the page's old address to the handle the store has now, with the platform's own paths:
// - Shopify's URL-redirect import, "Redirect from,Redirect to", both under /products/ (docs/store-formats.md
//   §a, "URL redirect CSV"). The product CSV never changes a handle, so a handle that was only suggested
//   gets no row: a redirect to it would lead to a page that is never created.
// - WooCommerce, the Redirection plugin's CSV import (source,target), both under the product base
//   (/product/ unless the store names another); regex 0 and code 301, as the plugin's own export writes them.
// Variants share their product's page and get no row of their own.
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import type { HandleChange } from './pushed-handles';

export const REDIRECT_HEADERS = ['Redirect from', 'Redirect to'] as const;
// The Redirection plugin's own CSV columns, in its order; regex 0 (a plain path) and code 301 (moved for good).
export const REDIRECTION_PLUGIN_HEADERS = ['source', 'target', 'regex', 'code'] as const;

type Product = Pick<BundleWorkflowProduct, 'id' | 'is_multiple_of'>;
export type HandleChanges = ReadonlyMap<number, HandleChange>;

/** The product's handle change, when a push made one. */
function changeOf(product: Product, changes: HandleChanges): HandleChange | null {
  if (product.is_multiple_of) return null;
  const change = changes.get(product.id);
  return change && change.from.trim() !== '' && change.to.trim() !== '' ? change : null;
}

/** Shopify: /products/{old handle} → /products/{the store's handle now}. */
export function shopifyRedirectRow(product: Product, changes: HandleChanges): [string, string] | null {
  const change = changeOf(product, changes);
  return change ? [`/products/${change.from}`, `/products/${change.to}`] : null;
}

/** A product base as a path that starts and ends with a slash: "product" → "/product/". */
export function productBasePath(base: string | undefined): string {
  const trimmed = (base ?? 'product').replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/** WooCommerce: {base}{old slug}/ → {base}{the store's slug now}/. */
export function woocommerceRedirectRow(
  product: Product,
  base: string,
  changes: HandleChanges,
): [string, string, string, string] | null {
  const change = changeOf(product, changes);
  return change ? [`${base}${change.from}/`, `${base}${change.to}/`, '0', '301'] : null;
}
