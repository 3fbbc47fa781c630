import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../main/config';
import { retryDelayMs } from './deliver-webhook-task';
import { checkWebhookUrl } from './webhook-address';

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('checkWebhookUrl', () => {
  it('accepts a public host, and refuses a name that resolves to a private address', async () => {
    const options = { allowPrivateHosts: [] };
    await expect(
      checkWebhookUrl('https://hooks.example.com/in', { ...options, resolve: resolvesTo('93.184.216.34') }),
    ).resolves.toBe('https://hooks.example.com/in');
    await expect(
      checkWebhookUrl('https://rebind.example.com/in', {
        ...options,
        resolve: resolvesTo('93.184.216.34', '10.1.2.3'),
      }),
    ).rejects.toThrow(/private or reserved address \(10\.1\.2\.3\)/);
    await expect(
      checkWebhookUrl('https://meta.example.com/', { ...options, resolve: resolvesTo('169.254.169.254') }),
    ).rejects.toThrow(/169\.254\.169\.254/);
  });

  it('lets an allow-listed host:port through, and only that port', async () => {
    const options = { allowPrivateHosts: ['127.0.0.1:9000'], resolve: resolvesTo('127.0.0.1') };
    await expect(checkWebhookUrl('http://127.0.0.1:9000/hook', options)).resolves.toBe(
      'http://127.0.0.1:9000/hook',
    );
    await expect(checkWebhookUrl('http://127.0.0.1:9001/hook', options)).rejects.toThrow(/private network/);
  });

  it('refuses other schemes and credentials in the URL', async () => {
    const options = { allowPrivateHosts: [], resolve: resolvesTo('93.184.216.34') };
    await expect(checkWebhookUrl('file:///etc/passwd', options)).rejects.toThrow(/http or https/);
    await expect(checkWebhookUrl('https://user:pw@example.com/', options)).rejects.toThrow(/user name/);
    await expect(checkWebhookUrl('not a url', options)).rejects.toThrow(/not a valid URL/);
  });
});

describe('retry schedule', () => {
  it('retries about 5 s and 30 s after the first failures, grows to hourly, and makes 29 tries in 24 h', () => {
    const delays = loadConfig({ NODE_ENV: 'test' }).WEBHOOK_RETRY_DELAYS_SECONDS;
    const waits = Array.from({ length: 8 }, (_, i) => retryDelayMs(i + 1, delays) / 1000);
    expect(waits).toEqual([5, 30, 120, 600, 1800, 3600, 3600, 3600]);
    let elapsed = 0;
    let attempts = 1;
    while (elapsed + retryDelayMs(attempts, delays) <= 24 * 3600 * 1000) {
      elapsed += retryDelayMs(attempts, delays);
      attempts++;
    }
    expect(attempts).toBe(29);
  });

  it('reads WEBHOOK_RETRY_DELAYS_SECONDS and refuses a bad list', () => {
    expect(loadConfig({ WEBHOOK_RETRY_DELAYS_SECONDS: '0.5, 2' }).WEBHOOK_RETRY_DELAYS_SECONDS).toEqual([
      0.5, 2,
    ]);
    expect(() => loadConfig({ WEBHOOK_RETRY_DELAYS_SECONDS: '5,soon' })).toThrow(
      /WEBHOOK_RETRY_DELAYS_SECONDS/,
    );
  });
});
