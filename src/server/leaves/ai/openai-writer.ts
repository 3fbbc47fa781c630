// The copy writer for any OpenAI-compatible endpoint (OpenAI, Azure, Ollama, vLLM, LM Studio).
// One structured call per product; each call is a single HTTP attempt, because retries belong to the caller
// (retry-policy.ts), which can log each failure and honour retry-after across attempts. Every attempt goes
// through the provider's RateController, which reads the answer's rate-limit headers to pace the next ones.
import OpenAI, { APIError, type ClientOptions } from 'openai';
import { aiFields, type CopyFieldRegistry, listInWords } from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import { aiJsonSchema } from '../../../common/copy-fields/shapes';
import type { AiRequest } from './ai-request';
import { ConcurrencyLimit } from './concurrency-limit';
import type { CopyWriter, PhotosSent, WriteCopyInput, WriteCopyResult } from './copy-writer';
import { EndpointDialect } from './endpoint-dialect';
import { publishedImageTokens } from './image-tokens';
import { estimateUsage, extractJsonObject, parseCopy } from './parse-answer';
import { photoAnswerJsonSchema, readSeenFacts } from './photo-facts-answer';
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
  /** What the endpoint accepts, shared by every writer of one provider; one of its own when unset. */
  dialect?: EndpointDialect;
  fetch?: ClientOptions['fetch'];
};

/**
 * The output cap when the workflow sets none: room for every field at its limit, a description and fact sheet
 * of a few hundred words, and an alt text per image, about twice over (non-English text takes more tokens).
 * A small local model that loops inside a JSON string then stops here, not at the end of its context.
 */
export function defaultMaxOutputTokens(
  imageCount: number,
  registry: CopyFieldRegistry = COPY_FIELD_REGISTRY,
): number {
  const fieldChars = aiFields(registry).reduce(
    (sum, field) => sum + (field.ai?.estimateChars ?? 0) * (field.holds === 'per_image' ? imageCount : 1),
    0,
  );
  return Math.min(8_192, Math.ceil((fieldChars / 4) * 2) + 256);
}

/** The structured answer, from the copy-field registry. */
export const PRODUCT_COPY_JSON_SCHEMA = aiJsonSchema();

const RESPONSE_FORMATS = {
  json_schema: {
    type: 'json_schema',
    json_schema: { name: 'product_copy', strict: true, schema: PRODUCT_COPY_JSON_SCHEMA },
  },
  json_object: { type: 'json_object' },
  instructions: undefined,
} as const;

// A call that carries photos also asks what the model saw in them (decision 044).
const WITH_PHOTOS_FORMAT = {
  type: 'json_schema',
  json_schema: { name: 'product_copy_with_photos', strict: true, schema: photoAnswerJsonSchema() },
} as const;

/** Sent at most this many times per call: once as is, then once per thing the endpoint may refuse. */
const MAX_DIALECT_STEPS = 5;

export class OpenAIWriter implements CopyWriter {
  readonly #client: OpenAI;
  readonly #rate: RateController;
  readonly #timeoutMs: number;
  readonly #apiKey: string;
  readonly #endpoint: string;
  readonly #dialect: EndpointDialect;

  constructor(options: OpenAIWriterOptions) {
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    this.#rate =
      options.rateController ??
      new RateController({ limit: options.limit ?? new ConcurrencyLimit(options.maxConcurrency ?? 8) });
    this.#apiKey = options.apiKey;
    this.#dialect = options.dialect ?? new EndpointDialect();
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
    const maxOutputTokens = input.maxOutputTokens ?? defaultMaxOutputTokens(input.imageCount);
    const sent = {
      max_tokens: maxOutputTokens,
      ...(input.temperature !== undefined ? { temperature: input.temperature } : {}),
    };
    const originalRequest: AiRequest = { model: input.model, messages: input.prompt.templated, ...sent };
    const finalRequest: AiRequest = { model: input.model, messages: input.prompt.rendered, ...sent };

    let completion: OpenAI.Chat.Completions.ChatCompletion | undefined;
    const photos = this.#photosToSend(input);
    const callSignal = followSignal(input.signal);
    try {
      for (let step = 1; !completion; step++) {
        const sent = { responseFormat: this.#dialect.responseFormat, tokenLimit: this.#dialect.tokenLimit };
        try {
          const attached = photos && !photos.refused ? input : { ...input, photos: undefined };
          completion = await this.#send(attached, finalRequest, maxOutputTokens, callSignal.signal);
        } catch (error) {
          // A model that does not see: the same call again as text alone, with the provider's reason logged.
          if (photos && !photos.refused && this.#dialect.learnImageRefusal(error, input.model)) {
            photos.refused = error instanceof Error ? error.message : String(error);
            continue;
          }
          // The endpoint refused a parameter it does not know: send the same call again without it.
          if (step < MAX_DIALECT_STEPS && this.#dialect.learnFrom(error, sent)) continue;
          throw error;
        }
      }
    } catch (error) {
      // The caller cancelled: that is not a provider failure, so hand back the caller's own reason.
      if (input.signal?.aborted) throw input.signal.reason;
      throw (
        classifyProviderError(error, {
          timeoutMs: this.#timeoutMs,
          endpoint: this.#endpoint,
          apiKey: this.#apiKey,
          model: input.model,
        }) ?? error
      );
    } finally {
      callSignal.release();
    }

    const reportedUsage = completion.usage
      ? {
          prompt_tokens: completion.usage.prompt_tokens,
          completion_tokens: completion.usage.completion_tokens,
          // Billed at the model's cached-input price (pricing.ts); absent when the provider caches nothing.
          ...(completion.usage.prompt_tokens_details?.cached_tokens
            ? { cached_tokens: completion.usage.prompt_tokens_details.cached_tokens }
            : {}),
        }
      : undefined;
    const choice = completion.choices[0];
    const content = choice?.message.content ?? '';
    const copy = parseCopy(content, choice?.message.refusal ?? null, choice?.finish_reason, reportedUsage);
    const shown = photos && !photos.refused ? input.photos : undefined;
    return {
      copy,
      content,
      // The requested name, not the dated one the provider echoes, so pricing finds it.
      model: input.model,
      usage: reportedUsage ?? estimateUsage(finalRequest, content),
      originalRequest,
      finalRequest,
      ...(photos ? { photos: photos.refused ? { ...photos, sent: 0, imageTokens: 0 } : photos } : {}),
      ...(shown ? { seenFacts: readSeenFacts(parsedJson(content), shown) } : {}),
    };
  }

  /** The call's photos as they will go, or as refused already by a model that does not see. */
  #photosToSend(input: WriteCopyInput): PhotosSent | undefined {
    const set = input.photos;
    if (!set || set.photos.length === 0) return undefined;
    const counted = { sent: set.photos.length, detail: set.detail };
    if (this.#dialect.refusesImages(input.model)) {
      return {
        ...counted,
        sent: 0,
        imageTokens: 0,
        refused: `${input.model} refused images earlier in this run.`,
      };
    }
    return { ...counted, imageTokens: publishedImageTokens(input.model, set.detail, set.photos) };
  }

  /** One HTTP attempt in the dialect the endpoint has shown it takes, paced by the provider's rate controller. */
  #send(
    input: WriteCopyInput,
    request: AiRequest,
    maxOutputTokens: number,
    signal: AbortSignal | undefined,
  ): Promise<OpenAI.Chat.Completions.ChatCompletion> {
    const { responseFormat, tokenLimit } = this.#dialect;
    const messages = withPhotoParts(input, request.messages);
    if (responseFormat === 'instructions') {
      messages.push({ role: 'user', content: ANSWER_AS_JSON });
    }
    return this.#rate.run(async () => {
      try {
        // withResponse keeps one HTTP call per attempt and hands back the headers the pacing reads.
        const { data, response } = await this.#client.chat.completions
          .create(
            {
              model: input.model,
              messages,
              ...(RESPONSE_FORMATS[responseFormat]
                ? {
                    response_format:
                      responseFormat === 'json_schema' && input.photos?.photos.length
                        ? WITH_PHOTOS_FORMAT
                        : RESPONSE_FORMATS[responseFormat],
                  }
                : {}),
              [tokenLimit]: maxOutputTokens,
              ...(input.temperature !== undefined ? { temperature: input.temperature } : {}),
            },
            { signal },
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
  }
}

/** The answer's JSON, already known to parse (parseCopy read it first). */
function parsedJson(content: string): unknown {
  try {
    return JSON.parse(extractJsonObject(content));
  } catch {
    return undefined;
  }
}

type SentMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/**
 * The messages as sent: the product's own (first) user message carries its photos as `image_url` parts after
 * its text, each the compressed copy as a data URL at the workflow's detail.
 */
function withPhotoParts(input: WriteCopyInput, messages: AiRequest['messages']): SentMessage[] {
  const photos = input.photos?.photos ?? [];
  const productMessage = messages.findIndex((message) => message.role === 'user');
  return messages.map(({ role, content }, index): SentMessage => {
    if (index !== productMessage || photos.length === 0) {
      return { role: role as 'system' | 'user' | 'assistant', content };
    }
    return {
      role: 'user',
      content: [
        { type: 'text', text: content },
        ...photos.map((photo) => ({
          type: 'image_url' as const,
          image_url: { url: photo.dataUrl, detail: input.photos!.detail },
        })),
      ],
    };
  });
}

/** For an endpoint that takes no response_format: the fields and their rules are in the prompt already. */
export function answerAsJson(registry: CopyFieldRegistry = COPY_FIELD_REGISTRY): string {
  const keys = aiFields(registry).map((field) => {
    if (field.holds === 'per_image') return `${field.name} (a list)`;
    return field.pairs ? `${field.name} (a list of { "question", "answer" } objects)` : field.name;
  });
  return `Answer with one JSON object only, with the keys ${listInWords(keys)}, and no other text.`;
}

const ANSWER_AS_JSON = answerAsJson();

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
