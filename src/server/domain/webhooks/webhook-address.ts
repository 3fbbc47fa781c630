// A webhook URL passes the same address guard as image fetches: http(s) only, and no private, loopback,
// link-local or metadata address (by literal IP or by what the name resolves to), unless the exact host:port
// is in ALLOW_PRIVATE_WEBHOOK_HOSTS. The check is made at create-webhook and again at every connection.
import { AppError } from '../../leaves/app-error/app-error';
import {
  checkHostBeforeConnecting,
  type Resolver,
  resolveWithDns,
} from '../../leaves/outbound/address-guard';
import { findBlockedRange } from '../../leaves/outbound/blocked-address';
import { GuardedRequestError, guardedRequest, isAllowedPrivate } from '../../leaves/outbound/guarded-request';
import { OutboundError } from '../../leaves/outbound/outbound-error';

export type WebhookAddressOptions = { allowPrivateHosts: readonly string[]; resolve?: Resolver };

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
  if (isAllowedPrivate(options, url)) return url.href;
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
    if (error instanceof OutboundError) {
      throw new AppError('bad_input', `url: ${error.message.replace('The image address', 'The address')}`);
    }
    throw error;
  }
  return url.href;
}

export type PostResult = { status: number | null; error: string | null };

/** POSTs the signed body once, following no redirect, with the address checked again at connect time. */
export async function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: WebhookAddressOptions & { timeoutMs: number; connectTimeoutMs: number },
): Promise<PostResult> {
  try {
    // Only the status counts; the receiver's answer is read (capped) and dropped.
    const answer = await guardedRequest(options, new URL(rawUrl), { method: 'POST', headers, body });
    return { status: answer.status, error: null };
  } catch (error) {
    if (error instanceof GuardedRequestError) return { status: null, error: error.message };
    throw error;
  }
}
