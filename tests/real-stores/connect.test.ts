// connect-store against real WooCommerce, the three ways a store lets a key in: OAuth 1.0a over plain http
// (the store without TLS), Basic over https (a TLS-terminating proxy in front of a store that knows it is behind
// one), and the keys in the query string when that proxy strips the Authorization header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/test-app';
import { realStore, wooRest } from './support/real-stores';
import { startTlsProxy, type TlsProxy } from './support/tls-proxy';

const none = realStore('none');
const yoast = realStore('yoast');
let basicProxy: TlsProxy;
let strippingProxy: TlsProxy;

beforeAll(async () => {
  basicProxy = await startTlsProxy(yoast.url);
  strippingProxy = await startTlsProxy(yoast.url, { stripAuthorization: true });
});
afterAll(() => Promise.all([basicProxy?.close(), strippingProxy?.close()]));

const t = setupTestApp({
  env: () => ({
    ALLOW_PRIVATE_STORE_HOSTS: [new URL(none.url).host, basicProxy.hostPort, strippingProxy.hostPort].join(
      ',',
    ),
  }),
});

const connect = (storeUrl: string, key: string, secret: string) =>
  t.call('connect-store', {
    platform: 'woocommerce',
    store_url: storeUrl,
    consumer_key: key,
    consumer_secret: secret,
  });

describe('connect-store against a real WooCommerce', () => {
  it('signs with OAuth 1.0a over plain http, where the real store ignores Basic', async () => {
    // What the store does with Basic over http: the same 401 as no credentials at all.
    const basic = await fetch(new URL('/wp-json/wc/v3/products', none.url), {
      headers: {
        authorization: `Basic ${Buffer.from(`${none.consumerKey}:${none.consumerSecret}`).toString('base64')}`,
      },
    });
    expect(basic.status).toBe(401);
    expect(((await basic.json()) as { code: string }).code).toBe('woocommerce_rest_cannot_view');

    const connected = await connect(none.url, none.consumerKey, none.consumerSecret);
    expect(connected.status).toBe(200);
    expect(connected.data.store).toMatchObject({ platform: 'woocommerce', store_url: none.url });

    const wrongSecret = await connect(none.url, none.consumerKey, `cs_${'0'.repeat(40)}`);
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.error?.message).toMatch(/Wrong credentials.*signature/);
    // Our own signing reaches the same store: the helper the other tests read with is sound.
    expect((await wooRest<unknown[]>(none, 'GET', '/products', { query: { per_page: 1 } })).status).toBe(200);
  });

  it('sends Basic over https, and nothing in the query string', async () => {
    const connected = await connect(basicProxy.origin, yoast.consumerKey, yoast.consumerSecret);
    expect(connected.status).toBe(200);
    expect(basicProxy.authorizationHeaders()).toBeGreaterThanOrEqual(2);
    expect(basicProxy.paths.join(' ')).not.toMatch(/consumer_key|oauth_/);

    const wrongSecret = await connect(basicProxy.origin, yoast.consumerKey, `cs_${'0'.repeat(40)}`);
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.error?.message).toMatch(/Wrong credentials.*Consumer secret is invalid/);
  });

  it('falls back to query-string keys when a proxy strips the Authorization header', async () => {
    const connected = await connect(strippingProxy.origin, yoast.consumerKey, yoast.consumerSecret);
    expect(connected.status).toBe(200);
    const [first, ...rest] = strippingProxy.paths;
    expect(first).not.toContain('consumer_key');
    expect(rest.length).toBeGreaterThanOrEqual(2);
    for (const path of rest) expect(path).toContain(`consumer_key=${yoast.consumerKey}`);
  });
});
