// How a request to WooCommerce's REST API carries the consumer key and secret. WooCommerce takes HTTP Basic
// (or the keys in the query string) only when is_ssl() is true; over plain http it ignores them and wants
// OAuth 1.0a, one-legged: consumer key and secret, no token, HMAC-SHA1 over the method, the URL and the query
// (class-wc-rest-authentication.php, perform_basic_authentication and check_oauth_signature; _authentication.md).
// So an https address starts with Basic and an http one signs with OAuth; the signature goes in the query
// string, as WooCommerce's own client does, because servers that strip the Authorization header are common.
import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';

/** basic: the Authorization header; query: consumer_key/consumer_secret; oauth: an OAuth 1.0a signature. */
export type WooAuthScheme = 'basic' | 'query' | 'oauth';

export type WooKeys = { url: URL; consumerKey: string; consumerSecret: string; auth?: WooAuthScheme };

export const authSchemeOf = (keys: WooKeys): WooAuthScheme =>
  keys.auth ?? (keys.url.protocol === 'https:' ? 'basic' : 'oauth');

/** Adds the credentials to `url` (in place) and answers the headers that carry them. */
export function authenticate(keys: WooKeys, method: string, url: URL): Record<string, string> {
  const scheme = authSchemeOf(keys);
  if (scheme === 'basic') {
    const basic = Buffer.from(`${keys.consumerKey}:${keys.consumerSecret}`).toString('base64');
    return { authorization: `Basic ${basic}` };
  }
  if (scheme === 'query') {
    url.searchParams.set('consumer_key', keys.consumerKey);
    url.searchParams.set('consumer_secret', keys.consumerSecret);
    return {};
  }
  const oauth = new OAuth({
    consumer: { key: keys.consumerKey, secret: keys.consumerSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
  // The query goes in as data, decoded: the library's own URL parser would read a "+" as a plus.
  const signed = oauth.authorize({
    url: `${url.origin}${url.pathname}`,
    method,
    data: Object.fromEntries(url.searchParams),
  });
  for (const [key, value] of Object.entries(signed)) {
    if (key.startsWith('oauth_')) url.searchParams.set(key, String(value));
  }
  return {};
}

/**
 * The scheme to try after `scheme` was answered 401 without naming the key (no credentials seen at all:
 * `woocommerce_rest_cannot_view` or a batch's `cannot_batch`), as when a proxy strips the Authorization
 * header; null when there is none left to try.
 */
export function fallbackScheme(scheme: WooAuthScheme, status: number, code: string): WooAuthScheme | null {
  if (scheme !== 'basic' || status !== 401) return null;
  return /^woocommerce_rest_cannot_/.test(code) ? 'query' : null;
}
