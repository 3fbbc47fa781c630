// OAuth 1.0a one-legged HMAC-SHA1, written from WooCommerce's check_oauth_signature (class-wc-rest-authentication
// .php) and not from the app's client, so that the fake checks the app's signatures and the real-store tests
// sign their own reads independently: the parameters sorted by name, each RFC 3986 encoded, joined, and the
// base string METHOD&url&params signed with "secret&".
import { createHmac, randomBytes } from 'node:crypto';

const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function oauthSignature(
  method: string,
  baseUrl: string,
  params: Record<string, string>,
  secret: string,
): string {
  const pairs = Object.entries(params)
    .filter(([name]) => name !== 'oauth_signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`);
  const base = `${method.toUpperCase()}&${encode(baseUrl)}&${encode(pairs.join('&'))}`;
  return createHmac('sha1', `${secret}&`).update(base).digest('base64');
}

/** Adds oauth_* parameters and their signature to `url`'s query. */
export function signOAuth(method: string, url: URL, key: string, secret: string): void {
  url.searchParams.set('oauth_consumer_key', key);
  url.searchParams.set('oauth_nonce', randomBytes(16).toString('hex'));
  url.searchParams.set('oauth_signature_method', 'HMAC-SHA1');
  url.searchParams.set('oauth_timestamp', String(Math.floor(Date.now() / 1000)));
  const params = Object.fromEntries(url.searchParams);
  url.searchParams.set(
    'oauth_signature',
    oauthSignature(method, `${url.origin}${url.pathname}`, params, secret),
  );
}
