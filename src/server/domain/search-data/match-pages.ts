// Matches Search Console pages to a bundle's products by URL. Both sides are normalised the same way: the
// scheme and host are dropped (a bundle is one store, and product lists often hold paths only), the path is
// percent-decoded and NFC-normalised (Search Console writes /products/k%C3%A4se, a list may say /products/käse),
// lower-cased, with repeated and trailing slashes removed; the query and fragment are dropped except
// Shopify's ?variant=. A page with ?variant=N goes to the product whose URL names that variant, else to the
// parent product of its path. A page no URL matches may still match a product's handle or slug (its last
// path segment), and Shopify's /collections/x/products/handle is the same page as /products/handle.

export type MatchableProduct = { id: number; details: Record<string, string | null | undefined> };
export type PageMatch<P> = { matched: Map<number, P[]>; unmatched: P[] };

export type Key = { path: string; variant: string | null };

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function normaliseUrl(raw: string): Key | null {
  const text = raw.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text, 'https://store.invalid');
  } catch {
    return null;
  }
  const path = url.pathname
    .split('/')
    .map((segment) => decode(segment).normalize('NFC').toLowerCase())
    .filter((segment) => segment !== '')
    .join('/')
    .replace(/^collections\/[^/]+\/products\//, 'products/');
  const variant = url.searchParams.get('variant')?.trim() || null;
  return { path: `/${path}`, variant };
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** A variant (store import) names its parent; a parent is the product a variant-less page belongs to. */
function isVariant(product: MatchableProduct): boolean {
  const d = product.details;
  return Boolean(d.parent_handle || d.parent_id || (d.parent_index !== undefined && d.parent_index !== null));
}

/** Blog posts, collections and CMS pages are never a product's page, whatever their last segment says. */
function isListingPath(path: string): boolean {
  return (
    /^\/(blogs?|collections|pages|category|categories|tag|tags|search)(\/|$)/.test(path) &&
    !path.includes('/products/')
  );
}

/** Which product a page's key belongs to; built once from the bundle's products, then asked once per page. */
export type PageMatcher = (key: Key | null) => number | undefined;

export function createPageMatcher(products: readonly MatchableProduct[]): PageMatcher {
  const byPath = new Map<string, number>();
  const byVariant = new Map<string, number>();
  const byHandle = new Map<string, number>();
  // Parents first, so that a path shared by a product and its variants belongs to the product.
  const ordered = [...products].sort((a, b) => Number(isVariant(a)) - Number(isVariant(b)) || a.id - b.id);
  for (const product of ordered) {
    const key = normaliseUrl(product.details.url ?? '');
    if (key?.variant) byVariant.set(`${key.path}?${key.variant}`, product.id);
    else if (key && key.path !== '/' && !byPath.has(key.path)) byPath.set(key.path, product.id);
    for (const name of [product.details.handle, product.details.slug]) {
      const handle = name ? normaliseUrl(name)?.path : null;
      if (handle && handle !== '/' && !byHandle.has(lastSegment(handle)))
        byHandle.set(lastSegment(handle), product.id);
    }
  }
  return (key) =>
    key
      ? ((key.variant ? byVariant.get(`${key.path}?${key.variant}`) : undefined) ??
        byPath.get(key.path) ??
        (isListingPath(key.path) ? undefined : byHandle.get(lastSegment(key.path))))
      : undefined;
}

export function matchPages<P extends { url: string }>(
  products: readonly MatchableProduct[],
  pages: readonly P[],
): PageMatch<P> {
  const productOf = createPageMatcher(products);
  const matched = new Map<number, P[]>();
  const unmatched: P[] = [];
  for (const page of pages) {
    const productId = productOf(normaliseUrl(page.url));
    if (productId === undefined) unmatched.push(page);
    else addTo(matched, productId, page);
  }
  return { matched, unmatched };
}

/** Pushed, not copied: 100,000 pages of one product must not cost 100,000 copies of its list. */
export function addTo<P>(matched: Map<number, P[]>, productId: number, page: P): void {
  const list = matched.get(productId);
  if (list) list.push(page);
  else matched.set(productId, [page]);
}
