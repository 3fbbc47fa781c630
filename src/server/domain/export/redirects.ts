// Redirects for the slugs an export really changes, with the platform's own paths:
// - Shopify's URL-redirect import, "Redirect from,Redirect to", both under /products/ (docs/store-formats.md
//   §a, "URL redirect CSV"). The product CSV never changes a handle, so this file is for a handle changed in
//   Shopify's admin or by an API push to the suggested one.
// - WooCommerce, the Redirection plugin's CSV import (source,target), both under the product base
//   (/product/ unless the store names another), the slug taken from the product's current URL; regex 0 and
//   code 301, as the plugin's own export writes them.
// Variants share their product's page and get no row of their own.
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import { currentPath, productHandle } from './product-keys';
import { suggestedSlug } from './rows';

export const REDIRECT_HEADERS = ['Redirect from', 'Redirect to'] as const;
// The Redirection plugin's own CSV columns, in its order; regex 0 (a plain path) and code 301 (moved for good).
export const REDIRECTION_PLUGIN_HEADERS = ['source', 'target', 'regex', 'code'] as const;

type Product = Pick<BundleWorkflowProduct, 'id' | 'product_details' | 'is_multiple_of' | 'url_suggestion'>;

/** The store's handle when the product has one (a Shopify import, or a /products/ URL), else ''. */
function storeHandle(product: Product): string {
  const known = product.product_details.handle?.trim();
  if (known) return known.toLowerCase();
  return /\/products\/[^/?#]+/.test(product.product_details.url ?? '') ? productHandle(product) : '';
}

const decoded = (slug: string) => {
  try {
    return decodeURIComponent(slug).toLowerCase();
  } catch {
    return slug.toLowerCase();
  }
};

/** Shopify: /products/{handle} → /products/{suggested slug}, only when the two differ. */
export function shopifyRedirectRow(product: Product): [string, string] | null {
  if (product.is_multiple_of) return null;
  const from = storeHandle(product);
  const to = suggestedSlug(product.url_suggestion);
  if (from === '' || to === '' || decoded(from) === decoded(to)) return null;
  return [`/products/${from}`, `/products/${to}`];
}

/** A product base as a path that starts and ends with a slash: "product" → "/product/". */
export function productBasePath(base: string | undefined): string {
  const trimmed = (base ?? 'product').replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/** WooCommerce: {base}{current slug}/ → {base}{suggested slug}/, only when the product has a URL and it changes. */
export function woocommerceRedirectRow(
  product: Product,
  base: string,
): [string, string, string, string] | null {
  if (product.is_multiple_of) return null;
  const from = currentPath(product).split('/').filter(Boolean).at(-1) ?? '';
  const to = suggestedSlug(product.url_suggestion);
  if (from === '' || to === '' || decoded(from) === decoded(to)) return null;
  return [`${base}${from}/`, `${base}${to}/`, '0', '301'];
}
