// The copy writer for any OpenAI-compatible endpoint (OpenAI, Azure, Ollama, vLLM, LM Studio).
// One structured call per product; each call is a single HTTP attempt, because retries belong to the caller
// (retry-policy.ts), which can log each failure and honour retry-after across attempts. Every attempt goes
// through the provider's RateController, which reads the answer's rate-limit headers to pace the next ones.
import OpenAI, { APIError, type ClientOptions } from 'openai';
import { SEO_LIMITS } from '../../common/copy-rules';
import type { AiRequest } from './ai-request';
import { ConcurrencyLimit } from './concurrency-limit';
import type { CopyWriter, WriteCopyInput, WriteCopyResult } from './copy-writer';
import { estimateUsage, parseCopy } from './parse-answer';
import { classifyProviderError, describeEndpoint, isQuotaError, parseRetryAfterMs } from './provider-errors';
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
  fetch?: ClientOptions['fetch'];
};

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

export class OpenAIWriter implements CopyWriter {
  readonly #client: OpenAI;
  readonly #rate: RateController;
  readonly #timeoutMs: number;
  readonly #apiKey: string;
  readonly #endpoint: string;

  constructor(options: OpenAIWriterOptions) {
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    this.#rate =
      options.rateController ??
      new RateController({ limit: options.limit ?? new ConcurrencyLimit(options.maxConcurrency ?? 8) });
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
    // A bug, not a provider failure: generation builds the prompt from the workflow's templates.
    if (!input.prompt) throw new Error('An AI writer was called without a prompt.');
    const originalRequest: AiRequest = { model: input.model, messages: input.prompt.templated };
    const finalRequest: AiRequest = { model: input.model, messages: input.prompt.rendered };

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
