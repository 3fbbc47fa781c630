import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      APP_URL: 'http://localhost:3000',
      WORKER_CONCURRENCY: 4,
      ALLOW_PRIVATE_IMAGE_HOSTS: [],
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('stops with a message naming PORT when it is not a number', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      /PORT must be a whole number between 1 and 65535 \(got "abc"\)/,
    );
  });

  it('names every bad variable at once, without echoing secrets', () => {
    let message = '';
    try {
      loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://secret@host/db', WORKER_CONCURRENCY: '-1' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/DATABASE_URL must be a postgres/);
    expect(message).toMatch(/WORKER_CONCURRENCY/);
    expect(message).not.toContain('secret@host');
  });

  it('listens on loopback by default outside production, and everywhere in production', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      APP_URL: 'https://copy.example',
    };
    expect(loadConfig(production).HOST).toBe('0.0.0.0');
  });

  it('refuses an http APP_URL in production unless TRUST_PROXY says a proxy terminates TLS', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    for (const APP_URL of ['http://copy.example', undefined]) {
      expect(() => loadConfig({ ...production, APP_URL })).toThrow(ConfigError);
      expect(() => loadConfig({ ...production, APP_URL })).toThrow(/APP_URL .*production.*TRUST_PROXY/);
    }
    expect(() => loadConfig({ ...production, APP_URL: 'http://copy.example', TRUST_PROXY: '0' })).toThrow(
      /TRUST_PROXY/,
    );
    expect(loadConfig({ ...production, APP_URL: 'http://copy.example', TRUST_PROXY: 'true' }).APP_URL).toBe(
      'http://copy.example',
    );
    expect(loadConfig({ ...production, APP_URL: 'https://copy.example' }).APP_URL).toBe(
      'https://copy.example',
    );
    // Development on localhost stays as it was.
    expect(loadConfig({ NODE_ENV: 'development' }).APP_URL).toBe('http://localhost:3000');
  });

  it('reads TRUST_PROXY as a hop count or proxy addresses, naming a bad value', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '192.0.2.0/24' }).TRUST_PROXY).toEqual({
      kind: 'addresses',
      addresses: ['192.0.2.0/24'],
    });
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY "yes please" is not an IP/);
  });

  it('reads MODEL_PRICES and USER_MONTHLY_BUDGET_USD, naming a bad value', () => {
    const config = loadConfig({ MODEL_PRICES: 'gpt-4o=2/8/1', USER_MONTHLY_BUDGET_USD: '0.02' });
    expect(config.MODEL_PRICES).toEqual({
      'gpt-4o': { inputPerMillion: 2, outputPerMillion: 8, cachedInputPerMillion: 1 },
    });
    expect(config.USER_MONTHLY_BUDGET_USD).toBe(0.02);
    expect(loadConfig({}).USER_MONTHLY_BUDGET_USD).toBeUndefined();
    expect(() => loadConfig({ MODEL_PRICES: 'gpt-4o=two/8' })).toThrow(/MODEL_PRICES "gpt-4o=two\/8" is not/);
    expect(() => loadConfig({ USER_MONTHLY_BUDGET_USD: '-1' })).toThrow(/USER_MONTHLY_BUDGET_USD must be/);
  });

  it('demands AUTH_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET is required/);
  });

  it('parses the private image host allow-list', () => {
    expect(
      loadConfig({ ALLOW_PRIVATE_IMAGE_HOSTS: '127.0.0.1:8080, Images.local:80' }).ALLOW_PRIVATE_IMAGE_HOSTS,
    ).toEqual(['127.0.0.1:8080', 'images.local:80']);
    expect(() => loadConfig({ ALLOW_PRIVATE_IMAGE_HOSTS: 'nohostport' })).toThrow(
      /ALLOW_PRIVATE_IMAGE_HOSTS/,
    );
  });
});

describe('social providers', () => {
  it('needs both halves of a provider’s credentials', () => {
    expect(() => loadConfig({ GITHUB_CLIENT_ID: 'id' })).toThrow(
      /GITHUB_CLIENT_SECRET is required when GITHUB_CLIENT_ID is set/,
    );
  });
});
