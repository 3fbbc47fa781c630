// A local WooCommerce REST API v3 for the connected-store tests and the push bench, in its wire
// format: /wp-json/wc/v3/products and /products/{id}/variations pages with X-WP-Total and X-WP-TotalPages,
// plain http, so OAuth 1.0a one-legged signatures in the query string as WooCommerce checks them over http
// (Basic is ignored there: tests/real-stores proves that against the real store), `context=view` texts through
// a rough wpautop and `context=edit` as stored, read-only keys refused on writes, `products/batch` and `variations/batch` of at
// most 100 objects with per-item errors, and 429 with Retry-After when asked to. Sources: the REST API docs
// (woocommerce/woocommerce-rest-api-docs, _products.md, _product-variations.md, _authentication.md).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { oauthSignature } from './woo-oauth';

export type FakeWooImage = { id: number; src: string; name: string; alt: string };
export type FakeWooMeta = { id: number; key: string; value: string };

export type FakeWooVariation = {
  id: number;
  sku: string;
  regular_price: string;
  sale_price: string;
  description: string;
  global_unique_id: string;
  stock_status: 'instock' | 'outofstock' | 'onbackorder';
  date_modified_gmt: string;
  attributes: { id: number; name: string; option: string }[];
  image: FakeWooImage | null;
  meta_data: FakeWooMeta[];
};

export type FakeWooProduct = {
  id: number;
  name: string;
  slug: string;
  type: 'simple' | 'variable' | 'grouped' | 'external';
  status: 'publish' | 'draft';
  sku: string;
  regular_price: string;
  sale_price: string;
  description: string;
  short_description: string;
  global_unique_id: string;
  stock_status: 'instock' | 'outofstock' | 'onbackorder';
  date_modified_gmt: string;
  categories: { id: number; name: string; slug: string }[];
  tags: { id: number; name: string; slug: string }[];
  brands: { id: number; name: string; slug: string }[];
  images: FakeWooImage[];
  attributes: {
    id: number;
    name: string;
    position: number;
    visible: boolean;
    variation: boolean;
    options: string[];
  }[];
  meta_data: FakeWooMeta[];
  variations: FakeWooVariation[];
};

export type FakeWooOptions = {
  consumerKey?: string;
  consumerSecret?: string;
  permissions?: 'read' | 'write' | 'read_write';
  /**
   * The REST index's namespaces (GET /wp-json/), which name the active plugins: `yoast/v1`, `rankmath/v1`.
   * Unset, the index is not served (404), as where a security plugin hides it.
   */
  namespaces?: string[];
};

export type FakeWooCommerce = {
  origin: string;
  hostPort: string;
  products: FakeWooProduct[];
  /** Every request: method, path with query, and the JSON body it carried. */
  requests: { method: string; path: string; body: unknown }[];
  /** The next `count` requests answer 429 with Retry-After: `seconds`. */
  rateLimitNext: (count: number, seconds?: number) => void;
  /** After `passes` more requests are answered, every later one answers 429 with Retry-After: `seconds`, until the returned function is called. */
  rateLimitAfter: (passes: number, seconds: number) => () => void;
  close: () => Promise<void>;
};

const PREFIX = '/wp-json/wc/v3';
const MAX_BATCH = 100;

function woocommerceError(code: string, message: string, status: number) {
  return { code, message, data: { status } };
}

function productView(product: FakeWooProduct) {
  const { variations, ...rest } = product;
  return {
    ...rest,
    permalink: `https://store.example/product/${product.slug}/`,
    price: product.sale_price || product.regular_price,
    date_modified: product.date_modified_gmt,
    variations: variations.map((variation) => variation.id),
  };
}

function variationView(variation: FakeWooVariation) {
  return {
    ...variation,
    price: variation.sale_price || variation.regular_price,
    date_modified: variation.date_modified_gmt,
  };
}

/** wpautop, roughly: plain paragraphs in <p>, single line breaks as <br />; markup left as it is. */
function autop(text: string): string {
  if (!text.trim()) return text;
  const paragraphs = text.split(/\n\s*\n/).map((part) => part.trim());
  return `${paragraphs
    .map((part) =>
      /^<(p|ul|ol|div|h\d|table)\b/i.test(part) ? part : `<p>${part.replace(/\n/g, '<br />\n')}</p>`,
    )
    .join('\n')}\n`;
}

function withAutop<T extends { description: string; short_description?: string }>(item: T): T {
  return {
    ...item,
    description: autop(item.description),
    ...(item.short_description === undefined ? {} : { short_description: autop(item.short_description) }),
  };
}

export async function startFakeWooCommerce(
  products: FakeWooProduct[],
  options: FakeWooOptions = {},
): Promise<FakeWooCommerce> {
  const key = options.consumerKey ?? 'ck_fake';
  const secret = options.consumerSecret ?? 'cs_fake';
  const permissions = options.permissions ?? 'read_write';
  const requests: FakeWooCommerce['requests'] = [];
  let limited = 0;
  let retryAfter = 1;
  /** Set by rateLimitAfter: requests still answered before every one is limited. */
  let passesBeforeLimit: number | null = null;
  let nextMetaId = 90_000;
  /** The store's home URL, which OAuth signatures cover; known once the server listens. */
  let origin = '';

  const json = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    response.end(JSON.stringify(body));
  };
  const touch = (item: { date_modified_gmt: string }) => {
    const previous = Date.parse(`${item.date_modified_gmt}Z`);
    item.date_modified_gmt = new Date(Math.max(Date.now(), previous + 1000)).toISOString().slice(0, 19);
  };

  const usedNonces = new Set<string>();
  /** As WooCommerce over plain http (is_ssl() false): Basic and query-string keys are ignored; OAuth 1.0a. */
  const authenticate = (request: IncomingMessage, url: URL) => {
    const params = Object.fromEntries(url.searchParams);
    const required = [
      'oauth_consumer_key',
      'oauth_timestamp',
      'oauth_nonce',
      'oauth_signature',
      'oauth_signature_method',
    ];
    if (!required.some((name) => params[name])) {
      return request.method === 'GET'
        ? woocommerceError('woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.', 401)
        : woocommerceError(
            'woocommerce_rest_cannot_batch',
            'Sorry, you are not allowed to batch manipulate this resource.',
            401,
          );
    }
    const missing = required.filter((name) => !params[name]);
    if (missing.length > 0) {
      return woocommerceError(
        'woocommerce_rest_authentication_missing_parameter',
        `Missing OAuth parameters ${missing.join(', ')}`,
        401,
      );
    }
    if (params.oauth_consumer_key !== key)
      return woocommerceError('woocommerce_rest_authentication_error', 'Consumer key is invalid.', 401);
    if (
      oauthSignature(request.method ?? 'GET', `${origin}${url.pathname}`, params, secret) !==
      params.oauth_signature
    ) {
      return woocommerceError(
        'woocommerce_rest_authentication_error',
        'Invalid signature - provided signature does not match.',
        401,
      );
    }
    if (Math.abs(Number(params.oauth_timestamp) - Date.now() / 1000) > 15 * 60)
      return woocommerceError('woocommerce_rest_authentication_error', 'Invalid timestamp.', 401);
    if (usedNonces.has(params.oauth_nonce!)) {
      return woocommerceError(
        'woocommerce_rest_authentication_error',
        'Invalid nonce - nonce has already been used.',
        401,
      );
    }
    usedNonces.add(params.oauth_nonce!);
    if (request.method !== 'GET' && permissions === 'read') {
      return woocommerceError(
        'woocommerce_rest_authentication_error',
        'The API key provided does not have write permissions.',
        401,
      );
    }
    return null;
  };

  const applyProductUpdate = (
    product: FakeWooProduct | FakeWooVariation,
    update: Record<string, unknown>,
  ) => {
    for (const field of ['description', 'short_description', 'name', 'slug'] as const) {
      if (typeof update[field] === 'string' && field in product) {
        (product as Record<string, unknown>)[field] = update[field];
      }
    }
    if (Array.isArray(update.meta_data)) {
      for (const entry of update.meta_data as { key: string; value: string | null }[]) {
        const existing = product.meta_data.find((meta) => meta.key === entry.key);
        // null deletes the key (WC_Data::save_meta_data).
        if (entry.value === null) product.meta_data = product.meta_data.filter((meta) => meta !== existing);
        else if (existing) existing.value = entry.value;
        else product.meta_data.push({ id: nextMetaId++, key: entry.key, value: entry.value });
      }
    }
    if ('images' in product && Array.isArray(update.images)) {
      // The whole list replaces the product's images: one left out is removed (set_product_images).
      product.images = (update.images as { id: number; alt?: string }[]).flatMap((image) => {
        const known = products.flatMap((p) => p.images).find((i) => i.id === image.id);
        if (!known) return [];
        // WooCommerce writes alt only when it is not empty.
        if (image.alt) known.alt = image.alt;
        return [known];
      });
    }
    if ('image' in product && update.image && typeof update.image === 'object') {
      const image = update.image as { id: number; alt?: string };
      if (product.image && product.image.id === image.id && image.alt) product.image.alt = image.alt;
    }
    touch(product);
  };

  const batch = <T extends { id: number }>(
    items: T[],
    body: { update?: Record<string, unknown>[] },
    view: (item: T) => unknown,
    apply: (item: T, update: Record<string, unknown>) => void,
  ) => ({
    update: (body.update ?? []).map((update) => {
      const item = items.find((candidate) => candidate.id === Number(update.id));
      if (!item) {
        return {
          id: Number(update.id),
          error: woocommerceError('woocommerce_rest_product_invalid_id', 'Invalid ID.', 400),
        };
      }
      apply(item, update);
      return view(item);
    }),
  });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown> = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return json(response, 400, woocommerceError('rest_invalid_json', 'Invalid JSON body passed.', 400));
    }
    requests.push({ method: request.method ?? 'GET', path: url.pathname + url.search, body });
    if (url.pathname === '/wp-json/' && options.namespaces && request.method === 'GET') {
      return json(response, 200, { namespaces: options.namespaces });
    }
    if (!url.pathname.startsWith(PREFIX)) {
      response.writeHead(404, { 'content-type': 'text/html' });
      return response.end('<html><body>Not found</body></html>');
    }
    const isLimitedFromNowOn = passesBeforeLimit !== null && passesBeforeLimit-- <= 0;
    if (limited > 0 || isLimitedFromNowOn) {
      if (!isLimitedFromNowOn) limited--;
      return json(response, 429, woocommerceError('too_many_requests', 'Too many requests.', 429), {
        'retry-after': String(retryAfter),
      });
    }
    const denied = authenticate(request, url);
    if (denied) return json(response, denied.data.status, denied);

    const path = url.pathname.slice(PREFIX.length);
    const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 10));
    const pageNumber = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const include = url.searchParams.get('include')?.split(',').map(Number);
    const paged = (all: { id: number }[]) => {
      const items = include ? all.filter((item) => include.includes(item.id)) : all;
      const pages = Math.max(1, Math.ceil(items.length / perPage));
      json(response, 200, items.slice((pageNumber - 1) * perPage, pageNumber * perPage), {
        'x-wp-total': String(items.length),
        'x-wp-totalpages': String(pages),
      });
    };
    const batchTooLarge = () =>
      json(
        response,
        413,
        woocommerceError(
          'woocommerce_rest_request_entity_too_large',
          `Unable to accept more than ${MAX_BATCH} items for this request.`,
          413,
        ),
      );
    const itemCount = (value: Record<string, unknown>) =>
      ['create', 'update', 'delete'].reduce(
        (sum, k) => sum + ((value[k] as unknown[] | undefined)?.length ?? 0),
        0,
      );

    const invalidId = () =>
      json(response, 404, woocommerceError('woocommerce_rest_product_invalid_id', 'Invalid ID.', 404));

    // view (the default) runs the texts through wpautop, as WordPress does; edit answers them as stored.
    const asViewed = url.searchParams.get('context') !== 'edit';
    const productOut = (product: FakeWooProduct) =>
      asViewed ? withAutop(productView(product)) : productView(product);
    // A variation's description is formatted in every context (wc_format_content in the v3 controller).
    const variationOut = (variation: FakeWooVariation) => withAutop(variationView(variation));
    if (request.method === 'GET' && path === '/products') return paged(products.map(productOut));
    let match = /^\/products\/(\d+)$/.exec(path);
    if (match && request.method === 'GET') {
      const product = products.find((p) => p.id === Number(match![1]));
      if (!product) return invalidId();
      return json(response, 200, productOut(product));
    }
    match = /^\/products\/(\d+)\/variations$/.exec(path);
    if (match && request.method === 'GET') {
      const product = products.find((p) => p.id === Number(match![1]));
      if (!product) return invalidId();
      return paged(product.variations.map(variationOut));
    }
    if (path === '/products/batch' && request.method === 'POST') {
      if (itemCount(body) > MAX_BATCH) return batchTooLarge();
      return json(response, 200, batch(products, body, productView, applyProductUpdate));
    }
    match = /^\/products\/(\d+)\/variations\/batch$/.exec(path);
    if (match && request.method === 'POST') {
      const product = products.find((p) => p.id === Number(match![1]));
      if (!product) return invalidId();
      if (itemCount(body) > MAX_BATCH) return batchTooLarge();
      const answer = batch(product.variations, body, variationView, applyProductUpdate);
      // Saving a variation saves its parent too (WooCommerce syncs the variable product): its date moves.
      if ((body.update as unknown[] | undefined)?.length) touch(product);
      return json(response, 200, answer);
    }
    return json(
      response,
      404,
      woocommerceError('rest_no_route', 'No route was found matching the URL and request method.', 404),
    );
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      json(response, 500, { code: 'internal', message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    hostPort: `127.0.0.1:${port}`,
    products,
    requests,
    rateLimitNext: (count, seconds = 1) => {
      limited = count;
      retryAfter = seconds;
    },
    rateLimitAfter: (passes, seconds) => {
      passesBeforeLimit = passes;
      retryAfter = seconds;
      return () => {
        passesBeforeLimit = null;
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
