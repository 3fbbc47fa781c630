// Shopify's URL-redirect import: "Redirect from,Redirect to", paths only, no domain (docs/store-formats.md
// §a, "URL redirect CSV"). A product gets a row only when its suggested path differs from its current one.
import type { BundleWorkflowProduct } from '../../common/entities';
import { currentPath, pathOf } from './product-keys';

export const REDIRECT_HEADERS = ['Redirect from', 'Redirect to'] as const;

/** The redirect for one product, or null when it has no current path or already lives at the suggestion. */
export function redirectRow(
  product: Pick<BundleWorkflowProduct, 'id' | 'product_details' | 'is_multiple_of' | 'url_suggestion'>,
): [string, string] | null {
  const from = currentPath(product);
  const to = pathOf(product.url_suggestion ?? '');
  if (from === '' || from === '/' || to === '' || to === '/') return null;
  if (samePath(from, to)) return null;
  return [from, to];
}

// "/a%20b" and "/a b" are the same page; a broken escape is compared as written.
function samePath(a: string, b: string): boolean {
  const decode = (path: string) => {
    try {
      return decodeURI(path).toLowerCase();
    } catch {
      return path.toLowerCase();
    }
  };
  return decode(a) === decode(b);
}
