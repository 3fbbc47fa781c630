import { describe, expect, it } from 'vitest';
import { forwardedChain, parseTrustProxy, resolveClientAddress, type TrustProxy } from './client-address';

const trust = (value: string) => parseTrustProxy(value) as TrustProxy;
const resolve = (xff: string | null, socket: string, value: string) =>
  resolveClientAddress(forwardedChain(xff, socket), trust(value));

describe('TRUST_PROXY', () => {
  it('parses false, true, hop counts and address lists, and names a bad entry', () => {
    expect(parseTrustProxy(undefined)).toEqual({ kind: 'none' });
    expect(parseTrustProxy('false')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('true')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseTrustProxy('10.0.0.0/8, ::1')).toEqual({
      kind: 'addresses',
      addresses: ['10.0.0.0/8', '::1'],
    });
    expect(parseTrustProxy('10.0.0.0/8, proxy.local')).toMatch(/"proxy.local" is not an IP address/);
    expect(parseTrustProxy('10.0.0.0/40')).toMatch(/not an IP address or CIDR/);
  });

  it('without trust, believes only the socket, whatever X-Forwarded-For says', () => {
    expect(resolve('6.6.6.6', '203.0.113.7', 'false')).toBe('203.0.113.7');
  });

  it('with one hop, takes the address the proxy appended, not the one the client forged', () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the real 198.51.100.4.
    expect(resolve('6.6.6.6, 198.51.100.4', '10.0.0.2', 'true')).toBe('198.51.100.4');
    expect(resolve('6.6.6.6, 198.51.100.4', '10.0.0.2', '1')).toBe('198.51.100.4');
    // A direct client with no proxy in between gets the one entry it sent (the e2e journeys rely on this).
    expect(resolve('10.1.2.3', '127.0.0.1', 'true')).toBe('10.1.2.3');
  });

  it('with two hops, skips both proxies', () => {
    expect(resolve('6.6.6.6, 198.51.100.4, 10.0.0.9', '10.0.0.2', '2')).toBe('198.51.100.4');
    // Fewer entries than hops: the leftmost is all there is.
    expect(resolve(null, '10.0.0.2', '2')).toBe('10.0.0.2');
  });

  it('with proxy addresses, takes the first address from the right that is not a proxy', () => {
    expect(resolve('6.6.6.6, 198.51.100.4, 10.0.0.9', '10.0.0.2', '10.0.0.0/8')).toBe('198.51.100.4');
    expect(resolve('6.6.6.6', '198.51.100.20', '10.0.0.0/8')).toBe('198.51.100.20');
    expect(resolve('198.51.100.4', '::ffff:10.0.0.2', '10.0.0.0/8')).toBe('198.51.100.4');
  });
});
