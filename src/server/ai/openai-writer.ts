// The copy writer for any OpenAI-compatible endpoint (OpenAI, Azure, Ollama, vLLM, LM Studio).
// One structured call per product; each call is a single HTTP attempt, because retries belong to the caller
// (retry-policy.ts), which can log each failure and honour retry-after across attempts. Every attempt goes
// through the provider's RateController, which reads the answer's rate-limit headers to pace the next ones.
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  type ClientOptions,
} from 'openai';
import { z } from 'zod';
import { SEO_LIMITS } from '../../common/constants';
import type { PromptTemplates } from '../db/schema';
import { listTemplateVariables, renderTemplate, type TemplateVariables } from '../generation/render-template';
import type { AiRequest } from './ai-request';
import { ConcurrencyLimit } from './concurrency-limit';
import {
  type CopyFields,
  type CopyWriter,
  type ProductFacts,
  ProviderError,
  type TokenUsage,
  type WriteCopyInput,
  type WriteCopyResult,
} from './copy-writer';
import { RateController } from './rate-controller';

export type OpenAIWriterOptions = {
  apiKey: string;
  /** Defaults to the SDK's own (OPENAI_BASE_URL, else api.openai.com). */
  baseURL?: string;
  /** Per HTTP attempt, counted from when the request is sent, not while it waits for a slot. */
  timeoutMs?: number;
  /** Requests in flight at once from this writer. */
  maxConcurrency?: number;
  /** A limit shared by every writer of one provider, so the cap is per provider, not per workflow. */
  limit?: ConcurrencyLimit;
  /**
   * Pacing shared by every writer of one provider (it owns the provider's concurrency limit, so `limit` and
   * `maxConcurrency` are then ignored). Without one, the writer paces its own requests.
   */
  rateController?: RateController;
  templates: PromptTemplates;
  fetch?: ClientOptions['fetch'];
};

export const DEFAULT_TONE_OF_VOICE = 'clear and friendly';

/** The structured answer. Strict mode demands every property be required and no others allowed. */
export const PRODUCT_COPY_JSON_SCHEMA = {
  type: 'object',
  properties: {
    page_title: { type: 'string', description: `At most ${SEO_LIMITS.pageTitleMax} characters.` },
    meta_description: {
      type: 'string',
      description: `${SEO_LIMITS.metaDescriptionMin} to ${SEO_LIMITS.metaDescriptionMax} characters.`,
    },
    heading: { type: 'string', description: `The H1, at most ${SEO_LIMITS.headingMax} characters.` },
    description: { type: 'string' },
    fact_sheet: { type: 'string', description: 'Plain text, one "Label: value" fact per line.' },
    alt_texts: {
      type: 'array',
      items: { type: 'string', description: `At most ${SEO_LIMITS.altTextMax} characters.` },
      description: 'One alt text per image, in the order of the images.',
    },
  },
  required: ['page_title', 'meta_description', 'heading', 'description', 'fact_sheet', 'alt_texts'],
  additionalProperties: false,
} as const;

const RESPONSE_FORMAT = {
  type: 'json_schema',
  json_schema: { name: 'product_copy', strict: true, schema: PRODUCT_COPY_JSON_SCHEMA },
} as const;

// Limits are checked later by copy validation, which repairs or cuts; here only the shape matters.
const copyFieldsSchema = z.object({
  page_title: z.string(),
  meta_description: z.string(),
  heading: z.string(),
  description: z.string(),
  fact_sheet: z.string(),
  alt_texts: z.array(z.string()),
});

type TemplatedMessage = AiRequest['messages'][number];

export class OpenAIWriter implements CopyWriter {
  readonly #client: OpenAI;
  readonly #rate: RateController;
  readonly #templates: PromptTemplates;
  readonly #timeoutMs: number;
  readonly #apiKey: string;
  readonly #endpoint: string;

  constructor(options: OpenAIWriterOptions) {
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    this.#rate =
      options.rateController ??
      new RateController({ limit: options.limit ?? new ConcurrencyLimit(options.maxConcurrency ?? 8) });
    this.#templates = options.templates;
    this.#apiKey = options.apiKey;
    this.#client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      maxRetries: 0,
      timeout: this.#timeoutMs,
      fetch: options.fetch,
    });
    this.#endpoint = describeEndpoint(this.#client.baseURL);
  }

  async write(input: WriteCopyInput): Promise<WriteCopyResult> {
    const templated = buildMessages(this.#templates, input);
    const originalRequest: AiRequest = { model: input.model, messages: templated };
    const finalRequest: AiRequest = { model: input.model, messages: renderMessages(templated) };

    let completion: OpenAI.Chat.Completions.ChatCompletion;
    const callSignal = followSignal(input.signal);
    try {
      completion = await this.#rate.run(async () => {
        try {
          // withResponse keeps one HTTP call per attempt and hands back the headers the pacing reads.
          const { data, response } = await this.#client.chat.completions
            .create(
              {
                model: input.model,
                messages: finalRequest.messages.map(({ role, content }) => ({
                  role: role as 'system' | 'user' | 'assistant',
                  content,
                })),
                response_format: RESPONSE_FORMAT,
              },
              { signal: callSignal.signal },
            )
            .withResponse();
          this.#rate.observe(response.headers, data.usage?.total_tokens);
          this.#rate.onSuccess();
          return data;
        } catch (error) {
          if (error instanceof APIError) {
            this.#rate.observe(error.headers);
            if (error.status === 429 && !isQuotaError(error)) {
              this.#rate.onRateLimited(parseRetryAfterMs(error.headers));
            }
          }
          throw error;
        }
      }, input.signal);
    } catch (error) {
      // The caller cancelled: that is not a provider failure, so hand back the caller's own reason.
      if (input.signal?.aborted) throw input.signal.reason;
      throw (
        classifyProviderError(error, {
          timeoutMs: this.#timeoutMs,
          endpoint: this.#endpoint,
          apiKey: this.#apiKey,
        }) ?? error
      );
    } finally {
      callSignal.release();
    }

    const reportedUsage = completion.usage
      ? {
          prompt_tokens: completion.usage.prompt_tokens,
          completion_tokens: completion.usage.completion_tokens,
        }
      : undefined;
    const choice = completion.choices[0];
    const content = choice?.message.content ?? '';
    const copy = parseCopy(content, choice?.message.refusal ?? null, choice?.finish_reason, reportedUsage);
    return {
      copy,
      content,
      // The requested name, not the dated one the provider echoes, so pricing finds it.
      model: input.model,
      usage: reportedUsage ?? estimateUsage(finalRequest, content),
      originalRequest,
      finalRequest,
    };
  }
}

/**
 * A signal of its own for one SDK call, aborted when `parent` is. The SDK adds an abort listener to the
 * signal it is given and never removes it; the caller's signal (graphile-worker's, one per worker pool)
 * lives as long as the process, so handing it over directly would leak a listener on every call.
 */
function followSignal(parent: AbortSignal | undefined): { signal?: AbortSignal; release: () => void } {
  if (!parent) return { release: () => {} };
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent.reason);
  if (parent.aborted) controller.abort(parent.reason);
  else parent.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, release: () => parent.removeEventListener('abort', onAbort) };
}

/** The messages as templated: template text plus the variables it uses, or literal text (a previous answer). */
export function buildMessages(templates: PromptTemplates, input: WriteCopyInput): TemplatedMessage[] {
  const { settings } = input;
  const businessType = settings.business_type.trim();
  const variables: TemplateVariables = {
    product: describeProduct(input.product),
    image_count: input.imageCount,
    keywords: settings.keywords.trim(),
    business_type_clause: businessType ? ` selling ${businessType}` : '',
    tone_of_voice: settings.tone_of_voice.trim() || DEFAULT_TONE_OF_VOICE,
    parent_copy: input.parent ? JSON.stringify(input.parent.copy) : '',
    differences: input.parent ? input.parent.differences.join(', ') : '',
  };
  const messages: TemplatedMessage[] = [
    templatedMessage('system', templates.system, variables),
    templatedMessage('user', input.parent ? templates.variant : templates.user, variables),
  ];
  if (input.repair) {
    messages.push({ role: 'assistant', content: JSON.stringify(input.repair.previous) });
    messages.push(templatedMessage('user', templates.repair, { problems: input.repair.problems.join('; ') }));
  }
  return messages;
}

function templatedMessage(
  role: TemplatedMessage['role'],
  template: string,
  variables: TemplateVariables,
): TemplatedMessage {
  const used = Object.fromEntries(
    listTemplateVariables(template).map((name) => [name, variables[name] ?? '']),
  );
  return { role, content: template, template_variables: used };
}

/** The messages as sent: each template filled in with its own variables. */
export function renderMessages(
  templated: TemplatedMessage[],
): { role: TemplatedMessage['role']; content: string }[] {
  return templated.map(({ role, content, template_variables }) => ({
    role,
    content: template_variables ? renderTemplate(content, template_variables as TemplateVariables) : content,
  }));
}

/** A compact "key: value" listing of the facts that have a value, one per line. */
export function describeProduct(product: ProductFacts): string {
  return Object.entries(product)
    .map(([key, value]) => [key, compactText(value ?? '')] as const)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n');
}

// Multi-line values (a fact sheet) stay on their key's line, so every line of the listing is one fact.
function compactText(value: string): string {
  return value
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('; ');
}

function parseCopy(
  content: string,
  refusal: string | null,
  finishReason: string | undefined,
  usage: TokenUsage | undefined,
): CopyFields {
  const fail = (reason: string) =>
    new ProviderError(
      'bad_response',
      `The AI provider's answer could not be used: ${reason}.`,
      undefined,
      usage,
    );
  if (refusal) throw fail(`the model refused (${truncate(refusal, 200)})`);
  if (finishReason === 'length') throw fail('the answer was cut off at the token limit');
  if (finishReason === 'content_filter')
    throw fail("the answer was blocked by the provider's content filter");
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw fail(content.trim() === '' ? 'it was empty' : 'it was not valid JSON');
  }
  const parsed = copyFieldsSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'answer'} ${issue.message}`,
    );
    throw fail(`it did not have the expected fields (${truncate(problems.join('; '), 300)})`);
  }
  return parsed.data;
}

// Some OpenAI-compatible servers omit usage. About four characters per token gives an approximate cost
// instead of a misleading zero.
function estimateUsage(request: AiRequest, content: string): TokenUsage {
  const promptChars = request.messages.reduce((sum, message) => sum + message.content.length, 0);
  return {
    prompt_tokens: Math.max(1, Math.ceil(promptChars / 4)),
    completion_tokens: Math.max(1, Math.ceil(content.length / 4)),
  };
}

export type ClassifyContext = {
  timeoutMs: number;
  /** Host and path of the provider, named in connection errors. */
  endpoint: string;
  /** Scrubbed from every message, in case a provider echoes it. */
  apiKey: string;
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
    return new ProviderError(
      'server',
      `The AI provider had an internal error (HTTP ${status}${providerMessage ? `: ${providerMessage}` : ''}). This is usually temporary; retry later.`,
    );
  }
  return new ProviderError(
    'bad_request',
    `The AI provider rejected the request (HTTP ${status}${providerMessage ? `: ${providerMessage}` : ''}). Check the workflow's model name and prompt templates.`,
  );
}

/** A 429 about billing, not about the rate: waiting does not help. */
function isQuotaError(error: APIError): boolean {
  return error.code === 'insufficient_quota' || error.type === 'insufficient_quota';
}

type HeaderSource = { get(name: string): string | null } | undefined;

/** The advised wait of a 429: `retry-after-ms` (OpenAI's), else `retry-after` in seconds or as an HTTP date. */
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
function describeEndpoint(baseURL: string): string {
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

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
