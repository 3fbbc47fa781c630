// A webhook URL passes the same address guard as image fetches: http(s) only, and no private, loopback,
// link-local or metadata address (by literal IP or by what the name resolves to), unless the exact host:port
// is in ALLOW_PRIVATE_WEBHOOK_HOSTS. The check is made at create-webhook and again at every connection.
import http from 'node:http';
import https from 'node:https';
import { AppError } from '../app-error';
import {
  checkHostBeforeConnecting,
  connectTimeLookup,
  hostPortOf,
  type Resolver,
  resolveWithDns,
} from '../images/address-guard';
import { findBlockedRange } from '../images/blocked-address';
import { ImageFetchError } from '../images/image-fetch-error';

export type WebhookAddressOptions = { allowPrivateHosts: readonly string[]; resolve?: Resolver };

function isAllowed(url: URL, options: WebhookAddressOptions): boolean {
  return options.allowPrivateHosts.includes(hostPortOf(url));
}

/** The URL as it will be stored, or a bad_input naming what is wrong with it. */
export async function checkWebhookUrl(raw: string, options: WebhookAddressOptions): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('bad_input', 'url is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('bad_input', 'url must be an http or https address.');
  }
  if (url.username || url.password) {
    throw new AppError(
      'bad_input',
      'url must not carry a user name or password; the signature proves the sender.',
    );
  }
  if (isAllowed(url, options)) return url.href;
  try {
    checkHostBeforeConnecting(url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = await (options.resolve ?? resolveWithDns)(host).catch(() => {
      throw new AppError('bad_input', `url's host ${host} could not be resolved.`);
    });
    const blocked = addresses.find((a) => findBlockedRange(a.address) !== null);
    if (blocked) {
      throw new AppError(
        'bad_input',
        `url points to a private or reserved address (${blocked.address}), which webhooks may not reach.`,
      );
    }
  } catch (error) {
    if (error instanceof ImageFetchError) {
      throw new AppError('bad_input', `url: ${error.message.replace('The image address', 'The address')}`);
    }
    throw error;
  }
  return url.href;
}

export type PostResult = { status: number | null; error: string | null };

/** POSTs the signed body once, following no redirect, with the address checked again at connect time. */
export function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: WebhookAddressOptions & { timeoutMs: number },
): Promise<PostResult> {
  const url = new URL(rawUrl);
  const allowed = isAllowed(url, options);
  try {
    if (!allowed) checkHostBeforeConnecting(url);
  } catch (error) {
    return Promise.resolve({ status: null, error: (error as Error).message });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        lookup: connectTimeLookup(options.resolve ?? resolveWithDns, !allowed),
        timeout: options.timeoutMs,
      },
      (response) => {
        // The body is not read beyond draining it: only the status counts.
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? null, error: null }));
        response.on('error', (error) =>
          resolve({ status: response.statusCode ?? null, error: error.message }),
        );
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`No answer within ${options.timeoutMs / 1000} s.`)),
    );
    request.on('error', (error) => resolve({ status: null, error: error.message }));
    request.end(body);
  });
}
