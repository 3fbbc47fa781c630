import { describe, expect, it } from 'vitest';
import { openSecret, parseConfiguredKey, sealSecret, secretsKey } from './seal';

describe('sealed secrets', () => {
  const key = secretsKey('an auth secret of at least thirty-two characters');

  it('seals with a fresh iv each time and opens what it sealed', () => {
    const a = sealSecret(key, 'shpat_abc');
    const b = sealSecret(key, 'shpat_abc');
    expect(a).not.toBe(b);
    expect(a).not.toContain('shpat_abc');
    expect(openSecret(key, a)).toBe('shpat_abc');
  });

  it('refuses a changed value and another key', () => {
    const sealed = sealSecret(key, 'cs_secret');
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => openSecret(key, bytes.toString('base64url'))).toThrow();
    expect(() => openSecret(secretsKey('another auth secret, thirty-two chars long'), sealed)).toThrow();
  });

  it('takes STORE_SECRETS_KEY as hex or base64 of 32 bytes, nothing else', () => {
    expect(parseConfiguredKey('ab'.repeat(32))).toHaveLength(32);
    expect(parseConfiguredKey(Buffer.alloc(32, 7).toString('base64'))).toHaveLength(32);
    expect(() => parseConfiguredKey('short')).toThrow(/32 bytes/);
  });
});
