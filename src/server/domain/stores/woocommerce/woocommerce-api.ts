// WooCommerce's REST API v3: one request, authenticated as woocommerce-auth.ts says (Basic over https, then
// query-string keys when the header is stripped; OAuth 1.0a over http). 429 waits for Retry-After, up to
// MAX_STORE_WAIT_MS; 5xx backs off.
import type { z } from 'zod';
import { parseStoreAnswer, retryAfterMs, StoreApiError, waitAsAsked } from '../store-api-error';
import { type StoreNetwork, storeRequest } from '../store-request';
import { wooError } from './woocommerce-answers';
import { authenticate, authSchemeOf, fallbackScheme, type WooKeys } from './woocommerce-auth';
import type { SeoPlugin } from './woocommerce-seo';

export type WooConnection = WooKeys & {
  network: StoreNetwork;
  /** The active SEO plugin, once asked (woocommerce-seo.ts). */
  seoPlugin?: Promise<SeoPlugin>;
};

export type WooAnswer<T> = { data: T; total: number | null; totalPages: number | null };

const MAX_RETRIES = 6;

/** One request; its answer's body parsed with `schema`, the shape the request asks for. */
export async function wooRequest<S extends z.ZodType>(
  connection: WooConnection,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  schema: S,
  options: { query?: Record<string, string | number>; body?: unknown; signal?: AbortSignal } = {},
): Promise<WooAnswer<z.output<S>>> {
  for (let attempt = 0; ; attempt++) {
    const url = new URL(`/wp-json/wc/v3${path}`, connection.url);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
    const headers = authenticate(connection, method, url);
    const response = await storeRequest(connection.network, url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    if (response.status === 429 || response.status >= 500) {
      if (attempt >= MAX_RETRIES)
        throw new StoreApiError('throttled', `WooCommerce kept answering ${response.status}.`);
      await waitAsAsked(retryAfterMs(response.headers['retry-after'], 1000 * 2 ** attempt), options.signal);
      continue;
    }
    const body = parseJson(response.body);
    if (response.status >= 400) {
      const error = wooError.safeParse(body).data ?? {};
      if (!error.code) {
        throw new StoreApiError(
          'not_platform',
          `The address does not answer as a WooCommerce store's REST API (status ${response.status} at /wp-json/wc/v3${path}).`,
        );
      }
      const fallback = fallbackScheme(authSchemeOf(connection), response.status, error.code);
      if (fallback) {
        connection.auth = fallback;
        continue;
      }
      if (/write permission/i.test(error.message ?? '')) {
        throw new StoreApiError(
          'scope',
          'The WooCommerce key is read-only: create a key with Read/Write permission.',
        );
      }
      if (response.status === 401 || response.status === 403) {
        throw new StoreApiError('auth', `WooCommerce refused the key: ${error.message ?? error.code}`);
      }
      throw new StoreApiError(
        'api',
        `WooCommerce answered ${response.status}: ${error.message ?? error.code}`,
      );
    }
    if (body === undefined) {
      throw new StoreApiError(
        'not_platform',
        "The address does not answer as a WooCommerce store's REST API (no JSON).",
      );
    }
    const count = (name: string) => {
      const value = Number(response.headers[name]);
      return Number.isFinite(value) && response.headers[name] !== undefined ? value : null;
    };
    const data = parseStoreAnswer(schema, body, `WooCommerce's answer to ${path}`);
    return { data, total: count('x-wp-total'), totalPages: count('x-wp-totalpages') };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
