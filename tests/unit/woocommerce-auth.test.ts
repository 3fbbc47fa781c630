// How the WooCommerce client carries its keys (woocommerce-auth.ts): Basic over https, query-string keys after
// WooCommerce shows it saw none, OAuth 1.0a over http with a signature that WooCommerce's own check (written
// out independently in tests/support/woo-oauth.ts) accepts. tests/real-stores proves each against the real store.
import { describe, expect, it } from 'vitest';
import { authenticate, fallbackScheme } from '../../src/server/domain/stores/woocommerce/woocommerce-auth';
import { oauthSignature } from '../support/woo-oauth';

const keys = (url: string) => ({ url: new URL(url), consumerKey: 'ck_test', consumerSecret: 'cs_secret' });

describe('WooCommerce authentication', () => {
  it('sends Basic to an https store and keeps the query clean', () => {
    const url = new URL('https://shop.example/wp-json/wc/v3/products?per_page=1');
    const headers = authenticate(keys('https://shop.example'), 'GET', url);
    expect(headers.authorization).toBe(`Basic ${Buffer.from('ck_test:cs_secret').toString('base64')}`);
    expect([...url.searchParams.keys()]).toEqual(['per_page']);
  });

  it('signs an http request with OAuth 1.0a HMAC-SHA1 over the method, the URL and the whole query', () => {
    const url = new URL('http://shop.example/wp-json/wc/v3/products');
    url.searchParams.set('include', '12,13');
    url.searchParams.set('search', 'mug & cup');
    const headers = authenticate(keys('http://shop.example'), 'POST', url);
    expect(headers).toEqual({});
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ oauth_consumer_key: 'ck_test', oauth_signature_method: 'HMAC-SHA1' });
    expect(url.search).not.toContain('cs_secret');
    const base = `${url.origin}${url.pathname}`;
    expect(params.oauth_signature).toBe(oauthSignature('POST', base, params, 'cs_secret'));
    expect(params.oauth_signature).not.toBe(oauthSignature('GET', base, params, 'cs_secret'));
  });

  it('falls back to query-string keys only when Basic was answered as if no key came', () => {
    expect(fallbackScheme('basic', 401, 'woocommerce_rest_cannot_view')).toBe('query');
    expect(fallbackScheme('basic', 401, 'woocommerce_rest_cannot_batch')).toBe('query');
    expect(fallbackScheme('basic', 401, 'woocommerce_rest_authentication_error')).toBeNull();
    expect(fallbackScheme('query', 401, 'woocommerce_rest_cannot_view')).toBeNull();
    expect(fallbackScheme('oauth', 401, 'woocommerce_rest_cannot_view')).toBeNull();
  });

  it('puts the keys in the query string once the connection has fallen back', () => {
    const url = new URL('https://shop.example/wp-json/wc/v3/products');
    const headers = authenticate({ ...keys('https://shop.example'), auth: 'query' }, 'GET', url);
    expect(headers).toEqual({});
    expect(url.searchParams.get('consumer_key')).toBe('ck_test');
    expect(url.searchParams.get('consumer_secret')).toBe('cs_secret');
  });
});
