// Sorting an SDK failure into a ProviderError a shop owner can act on (see copy-writer.ts for the kinds and
// retry-policy.ts for what is retried), with the API key scrubbed from every message.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ProviderError } from './copy-writer';

export type ClassifyContext = {
  timeoutMs: number;
  /** Host and path of the provider, named in connection errors. */
  endpoint: string;
  /** Scrubbed from every message, in case a provider echoes it. */
  apiKey: string;
  /** The model asked for, named when the endpoint does not have it. */
  model?: string;
};

/**
 * Sorts an SDK failure into a ProviderError whose message a shop owner can act on, or returns undefined for
 * an error that is not a provider failure (a bug on our side), which the caller rethrows unchanged.
 */
export function classifyProviderError(error: unknown, context: ClassifyContext): ProviderError | undefined {
  if (error instanceof ProviderError) return error;
  if (!(error instanceof APIError)) return undefined;
  const classified = classifyApiError(error, context);
  const message = redactSecret(classified.message, context.apiKey);
  return message === classified.message
    ? classified
    : new ProviderError(classified.kind, message, classified.retryAfterMs, classified.usage);
}

function classifyApiError(error: APIError, context: ClassifyContext): ProviderError {
  if (error instanceof APIConnectionTimeoutError) {
    return new ProviderError(
      'timeout',
      `The AI provider did not answer within ${formatSeconds(context.timeoutMs)} (timeout). It may be overloaded; retry later.`,
    );
  }
  if (error instanceof APIUserAbortError) {
    return new ProviderError('timeout', 'The request to the AI provider was cancelled before it answered.');
  }
  if (error instanceof APIConnectionError) {
    const code = findErrorCode(error);
    return new ProviderError(
      'timeout',
      `Could not reach the AI provider at ${context.endpoint}${code ? ` (${code})` : ''}. Check the provider address and the network, then retry.`,
    );
  }
  const status = error.status;
  if (status === undefined) {
    return new ProviderError(
      'timeout',
      `The AI provider at ${context.endpoint} could not be reached; retry later.`,
    );
  }
  const providerMessage = providerMessageOf(error);
  if (status === 429) {
    if (isQuotaError(error)) {
      return new ProviderError(
        'insufficient_quota',
        'The AI provider refused the request: the account has no credit left (insufficient_quota). Add credit or change the API key, then retry.',
      );
    }
    const retryAfterMs = parseRetryAfterMs(error.headers);
    const wait = retryAfterMs === undefined ? '' : ` It asked us to wait ${formatSeconds(retryAfterMs)}.`;
    return new ProviderError(
      'rate_limited',
      `The AI provider is receiving too many requests from this account (rate limited, HTTP 429).${wait}`,
      retryAfterMs,
    );
  }
  if (status === 401 || status === 403) {
    // OpenAI's 401 message quotes part of the key, so it is left out on purpose.
    return new ProviderError(
      'auth',
      `The AI provider rejected the API key (HTTP ${status}). Check OPENAI_API_KEY and that the key may use this model, then retry.`,
    );
  }
  if (status === 408) {
    return new ProviderError(
      'timeout',
      'The AI provider gave up waiting for the request (HTTP 408 timeout). It may be overloaded; retry later.',
    );
  }
  if (status >= 500) {
    // A local server loading its model (Ollama, vLLM, TGI) answers 503 and says how long to wait.
    const retryAfterMs = parseRetryAfterMs(error.headers);
    const wait = retryAfterMs === undefined ? '' : ` It asked us to wait ${formatSeconds(retryAfterMs)}.`;
    return new ProviderError(
      'server',
      `The AI provider had an internal error (HTTP ${status}${providerMessage ? `: ${providerMessage}` : ''}). This is usually temporary; retry later.${wait}`,
      retryAfterMs,
    );
  }
  if (status === 404 && context.model) {
    // Ollama and vLLM answer 404 for a model they do not serve: say which one, and where.
    return new ProviderError(
      'bad_request',
      `The AI provider at ${context.endpoint} has no model "${context.model}" (HTTP 404${providerMessage ? `: ${providerMessage}` : ''}). Choose a model that endpoint serves.`,
    );
  }
  return new ProviderError(
    'bad_request',
    `The AI provider rejected the request (HTTP ${status}${providerMessage ? `: ${providerMessage}` : ''}). Check the workflow's model name and prompt templates.`,
  );
}

/** A 429 about billing, not about the rate: waiting does not help. */
export function isQuotaError(error: APIError): boolean {
  return error.code === 'insufficient_quota' || error.type === 'insufficient_quota';
}

type HeaderSource = { get(name: string): string | null } | undefined;

/** The advised wait of a 429 or 503: `retry-after-ms` (OpenAI's), else `retry-after` in seconds or as an HTTP date. */
export function parseRetryAfterMs(headers: HeaderSource, now = Date.now()): number | undefined {
  const milliseconds = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return Math.ceil(milliseconds);
  const retryAfter = headers?.get('retry-after')?.trim();
  if (!retryAfter) return undefined;
  if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.ceil(Number(retryAfter) * 1000);
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function providerMessageOf(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? truncate(body.message.trim(), 300) : '';
}

function findErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Host and path only: a base URL may carry credentials in its user-info part. */
export function describeEndpoint(baseURL: string): string {
  try {
    const url = new URL(baseURL);
    return `${url.host}${url.pathname.replace(/\/$/, '')}`;
  } catch {
    return 'the configured address';
  }
}

/** Removes the key, and anything shaped like an OpenAI key, from text a user or a log will see. */
export function redactSecret(text: string, apiKey: string): string {
  const withoutKey = apiKey ? text.split(apiKey).join('[redacted]') : text;
  return withoutKey.replace(/\bsk-[A-Za-z0-9_*-]{8,}/g, '[redacted]');
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  const rounded = seconds >= 10 ? Math.round(seconds) : Math.round(seconds * 10) / 10;
  return `${rounded} second${rounded === 1 ? '' : 's'}`;
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
