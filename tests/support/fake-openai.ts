// A fake OpenAI-compatible chat completions server on loopback. Nothing in the tests reaches the internet, so
// this stands in for the provider: it answers with copy that fits the SEO limits and follows the request's
// json_schema, reports usage counted with tiktoken, and can be told to answer slowly (a latency
// distribution), to enforce RPM and TPM limits as OpenAI does (429 with retry-after and x-ratelimit-*
// headers), and to fail a share of calls with 429s, 5xx, broken JSON or no answer at all, drawn from a
// seedable PRNG so benches are reproducible. Plain node:http with no test-framework imports, so a script can
// start it too: `npm run fake-llm -- --help` lists the settings.
import { spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { estimateDescriptionWidth, estimateTitleWidth } from '../../src/common/copy-rules/serp-width';
import { countChatTokens, countTokens } from '../../src/server/leaves/ai/tokens';
import { breakText, isTextBreak, TEXT_BREAKS, type TextBreak } from './fake-copy-breaks';
import { answerInLanguage, askedLanguage, type LanguageQuirks, languageLapseFor } from './fake-language';
import { createFakeBatchApi, type FakeBatchApi, type FakeBatchOptions } from './fake-openai-batch';
import { createPromptCache, type PromptCacheOptions } from './fake-prompt-cache';
import { fakeQaPairs, type InventedAnswerQuirk, inventAnswer } from './fake-qa';
import {
  type FakeVision,
  IMAGE_REFUSAL,
  imagePartsOf,
  lookAtPhotos,
  type SeenPhoto,
  seenPhotoFacts,
  seenPhotosOf,
  seenPhotoTokens,
} from './fake-vision';

export type FailMode =
  | 'none'
  | 'rate_limit'
  | 'insufficient_quota'
  | 'server_error'
  /** 503 while the model loads, advising a wait with `retry-after` (as local servers answer at start-up). */
  | 'loading'
  /** Never answers; the client has to give up. */
  | 'timeout'
  /** 200 whose content is not JSON. */
  | 'broken_json'
  /** 200 with valid JSON whose page_title is 200 characters. */
  | 'invalid_copy';

/**
 * A fixed delay; a uniform one in mean ± jitter; or a normal or log-normal one with the given mean and standard
 * deviation (a log-normal has the long right tail real model latencies show). Never below 0.
 */
export type Latency =
  | number
  | { distribution?: 'uniform'; mean: number; jitter: number }
  | { distribution: 'normal' | 'lognormal'; mean: number; stddev: number };

/** The failures that can be injected at random, by share of chat requests. */
/** invalid_copy answers 200 with copy that breaks a limit, so the app makes a repair call. */
export type InjectedFailure = 'server_error' | 'timeout' | 'broken_json' | 'rate_limit' | 'invalid_copy';
export type FailureRates = Partial<Record<InjectedFailure, number>>;

/**
 * Limits enforced as OpenAI does: a token bucket per limit that refills continuously at limit/60 s. A request
 * takes 1 from the request bucket and its prompt plus completion tokens from the token bucket when it is
 * admitted; one that does not fit gets a 429 at once. OpenAI says it may enforce a limit over shorter
 * periods than a minute ("quantized"); `burstSeconds` sets the bucket's size in seconds of the limit.
 */
export type RateLimits = {
  /** Requests per minute. */
  rpm?: number;
  /** Tokens per minute. */
  tpm?: number;
  /** Bucket size as seconds of the limit; 60 (a whole minute's worth) by default. */
  burstSeconds?: number;
};

/** How one chat request is answered. */
export type ScriptStep = {
  fail?: FailMode;
  latencyMs?: Latency;
  /** Sent as `retry-after` (seconds) on rate_limit and loading. */
  retryAfterSeconds?: number;
  /** Sent as `retry-after-ms` on rate_limit. */
  retryAfterMs?: number;
};

export type FakeOpenAIBehaviour = ScriptStep & {
  /**
   * Consumed one per chat request before falling back to `fail`, so a test can say "first a 429, then
   * success". A bare mode keeps the behaviour's other settings; a step object overrides the ones it names.
   */
  script?: Array<FailMode | ScriptStep>;
  /**
   * Shares of chat requests that fail at random, when neither the script nor `fail` names a mode. An
   * injected rate_limit advises a wait of `retryAfterMs` (1 s unless set).
   */
  failureRates?: FailureRates;
  /**
   * How the failure rates are drawn: 'random' (the default) rolls the seeded PRNG for each request, so a run of
   * 25 requests at 30% fails anywhere from 3 to 12 of them; 'even' fails exactly the share asked, spread evenly
   * (a steady provider, no streaks), so a test of a prediction measures the prediction and not the dice;
   * 'by-product' draws once per product and call (first answer, first repair, …) from the seed and the lines that
   * name the product, as a provider finds some products hard: the same products fail in every run whatever
   * order the worker takes them in, which arrival-order spreading cannot promise under load.
   */
  failureSpread?: 'random' | 'even' | 'by-product';
  /**
   * Failure rates for the first answers of this model, in place of `failureRates` (its repairs comply, so
   * invalid_copy at 0.5 is a repair rate of 50%): one fake serves a cheap model that often needs repairs beside a
   * compliant one. Spread 'even' per model.
   */
  failureRatesByModel?: Record<string, FailureRates>;
};

/**
 * What the endpoint accepts, as servers other than OpenAI differ: the models GET /v1/models lists, and
 * request parameters it answers 400 for (some llama.cpp builds refuse json_schema; OpenAI's newer models
 * refuse max_tokens). Without a response_format, it answers as local models do: the JSON in a ```json fence,
 * after a sentence.
 */
export type FakeEndpoint = {
  /** Listed by GET /v1/models; a chat request for any other model gets Ollama's 404. */
  models?: string[];
  refuse?: Array<'json_schema' | 'json_object' | 'max_tokens'>;
  /**
   * Image parts (tests/support/fake-vision.ts): `see` decodes each data URL and answers alt texts naming what
   * it saw; `refuse` answers OpenAI's 400 for a model that does not see; unset, they are ignored.
   */
  images?: FakeVision | Record<string, FakeVision>;
};

export type FakeOpenAIOptions = {
  behaviour?: FakeOpenAIBehaviour;
  endpoint?: FakeEndpoint;
  rateLimits?: RateLimits;
  /** Seeds the PRNG behind latencies and injected failures; a random seed when unset. */
  seed?: number;
  /** Keep every request in `requests` (the default); a long bench turns it off to save memory. */
  recordRequests?: boolean;
  /** When set, any other bearer token gets OpenAI's 401 invalid_api_key answer (which echoes the key). */
  apiKey?: string;
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /**
   * Answers copy as a careless model does: `sameHeading` for every product's heading, and
   * `appendToDescription` added to every description, in first answers and repairs alike.
   */
  copyQuirks?: CopyQuirks;
  /** Serve the Batch API (tests/support/fake-openai-batch.ts); without it /v1/files and /v1/batches are 404. */
  batch?: FakeBatchOptions;
  /** Report cached prompt tokens as OpenAI does for a repeated prefix (tests/support/fake-prompt-cache.ts). */
  promptCache?: PromptCacheOptions;
};

export type CopyQuirks = {
  sameHeading?: string;
  appendToDescription?: string;
  /**
   * A model that mostly complies: on first answers only, about `share` of products (chosen by a
   * hash of the product's name and values, so runs repeat) get one lapse, in turn: fluent text about
   * nothing ("Crafted for durable everyday comfort"), an invented guarantee ("Backed by a 5 year warranty
   * and our money-back guarantee."), or, for a variant, a sibling's meta description. Repairs comply.
   */
  lapses?: { share: number };
  /** Break every first answer's text this way (fake-copy-breaks.ts). */
  textBreak?: TextBreak;
  /** Answer in the language the prompt asks for, with some first answers in English or with a claim (fake-language.ts). */
  language?: LanguageQuirks;
  /** Add a question and answer the product data cannot back, to first answers or to repairs too (fake-qa.ts). */
  inventedAnswer?: InventedAnswerQuirk;
};
export type CopyLapse = 'about_nothing' | 'invented_guarantee' | 'sibling_meta' | TextBreak;
export const COPY_LAPSES: readonly CopyLapse[] = [
  'about_nothing',
  'invented_guarantee',
  'sibling_meta',
  ...TEXT_BREAKS,
];

/** What the fake has answered since start or reset(). Also served as JSON at GET /fake/stats. */
export type FakeOpenAICounters = {
  /** Chat completion requests received. */
  chatRequests: number;
  /** Chat requests answered 200, usable or not. */
  answered: number;
  /** Every 429 for the rate (over RPM, over TPM, scripted or injected); insufficient_quota is not one. */
  rateLimited: number;
  /** 429s because the request bucket was empty. */
  overRequestLimit: number;
  /** 429s because the token bucket could not cover the request. */
  overTokenLimit: number;
  /** Chat requests answered with each failure mode, scripted, set or injected (limit 429s not included). */
  failures: Partial<Record<FailMode, number>>;
  /** Tokens reported in the usage of 200 answers. */
  promptTokens: number;
  completionTokens: number;
};

export type RecordedRequest = {
  method: string;
  path: string;
  /** Date.now() when the request arrived. */
  arrivedAt: number;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or the raw text when the body is not JSON. */
  body: unknown;
  /** How a chat request was answered. */
  fail?: FailMode;
};

export type FakeOpenAI = {
  /** Base URL ending in /v1, as the SDK's baseURL expects. */
  url: string;
  requests: RecordedRequest[];
  /** Requests being handled right now. */
  readonly inFlight: number;
  /** The most requests handled at once since start or reset(). */
  readonly maxInFlight: number;
  /** A snapshot of the counters. */
  readonly counters: FakeOpenAICounters;
  /** Replaces the whole behaviour, script included. */
  setBehaviour(behaviour: FakeOpenAIBehaviour): void;
  /** Replaces the limits, with full buckets; undefined removes them. */
  setRateLimits(limits: RateLimits | undefined): void;
  /** Forgets recorded requests, the counters and the in-flight peak; keeps the behaviour and the limits. */
  reset(): void;
  /** Stops listening and cuts open connections, including requests held by `timeout`. */
  close(): Promise<void>;
  /** The Batch API, when started with `batch`. */
  batchApi?: FakeBatchApi;
};

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  maxLength?: number;
  minLength?: number;
};

type ChatMessage = { role?: string; content?: unknown };
type ChatBody = {
  model?: string;
  messages: ChatMessage[];
  response_format?: { type?: string };
  max_tokens?: number;
  max_completion_tokens?: number;
};

/** The refusal a real server gives for a parameter it does not take, or undefined. */
function refusedParameter(body: ChatBody, refuse: NonNullable<FakeEndpoint['refuse']>): string | undefined {
  const format = body.response_format?.type;
  if (format === 'json_schema' && refuse.includes('json_schema'))
    return "'response_format' of type 'json_schema' is not supported";
  if (format === 'json_object' && refuse.includes('json_object'))
    return "'response_format' of type 'json_object' is not supported";
  if (body.max_tokens !== undefined && refuse.includes('max_tokens'))
    return "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.";
  return undefined;
}

/** What the fake knows about the product, read back from the prompt. */
type ProductContext = {
  name: string;
  brand: string;
  facts: Array<[string, string]>;
  imageCount: number;
  /** For a variant, the values the prompt says its title and heading must name ("Small"). */
  variantValues: string[];
  /** For a variant, its siblings' values the prompt names: its meta description is worded apart from theirs. */
  siblings: string[];
  /** What the fake saw in the request's photos, in order (a model that sees). */
  seen?: SeenPhoto[];
};

// Google's limits, as in src/common/contract/constants.ts (SEO_LIMITS); copied so the fake stays a standalone module.
const LIMITS = { pageTitle: 60, metaMin: 120, metaMax: 155, heading: 70, altText: 125 };
const META_FILLER = [
  'Read the full details, compare the options and choose with confidence.',
  'Order online today.',
  'Simple checkout and friendly service.',
];
/** Openings a compliant model varies between sibling variants, so their meta descriptions are not one template. */
const VARIANT_META_OPENINGS = [
  (subject: string) => `Discover ${subject}.`,
  (subject: string) => `Meet ${subject}, ready when you are.`,
  (subject: string) => `Choose ${subject} for a fit that suits you.`,
  (subject: string) => `Shop ${subject}: a favourite in its own right.`,
  (subject: string) => `Pick ${subject} and make it yours.`,
];
const ALT_VIEWS = [
  'product photo',
  'another view',
  'detail view',
  'close-up',
  'from the side',
  'from the back',
];

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  let behaviour: FakeOpenAIBehaviour = {
    ...options.behaviour,
    script: [...(options.behaviour?.script ?? [])],
  };
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 32);
  const random = seededRandom(seed);
  const isRecording = options.recordRequests ?? true;
  let limits = createLimits(options.rateLimits, Date.now());
  const requests: RecordedRequest[] = [];
  let counters = emptyCounters();
  let inFlight = 0;
  let maxInFlight = 0;
  let completionCount = 0;
  const promptCache = options.promptCache ? createPromptCache(options.promptCache) : undefined;
  const batchApi = options.batch
    ? createFakeBatchApi(options.batch, (body, mode) =>
        isChatBody(body) ? completion(body, prepareAnswer(body, mode)) : {},
      )
    : undefined;

  const server = createServer((req, res) => {
    const arrivedAt = Date.now();
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.once('close', () => {
      inFlight--;
    });
    handle(req, res, arrivedAt).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        sendError(res, 500, { message: `Fake OpenAI crashed: ${String(error)}`, type: 'server_error' });
      }
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse, arrivedAt: number): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const raw = await readBody(req);
    const body = parseJson(raw);
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      arrivedAt,
      headers: req.headers,
      body,
    };
    if (isRecording) requests.push(recorded);

    // Outside /v1 and before the key check, so `curl` can read it during a demo.
    if (req.method === 'GET' && path === '/fake/stats') {
      sendJson(res, 200, snapshot(counters));
      return;
    }

    if (options.apiKey !== undefined) {
      const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      if (token !== options.apiKey) {
        sendError(res, 401, {
          message: `Incorrect API key provided: ${token}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        });
        return;
      }
    }

    if (req.method === 'GET' && path === '/v1/models') {
      sendJson(res, 200, {
        object: 'list',
        data: (options.endpoint?.models ?? ['gpt-4o-mini']).map((id) => ({
          id,
          object: 'model',
          owned_by: 'fake',
        })),
      });
      return;
    }
    if (batchApi?.handle(req, res, path, raw)) return;
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      sendError(res, 404, {
        message: `Unknown request: ${req.method} ${path}`,
        type: 'invalid_request_error',
      });
      return;
    }
    if (!isChatBody(body)) {
      sendError(res, 400, {
        message: 'The body must be JSON with a messages array.',
        type: 'invalid_request_error',
      });
      return;
    }
    counters.chatRequests++;
    const served = options.endpoint?.models;
    if (served && body.model && !served.includes(body.model)) {
      // Ollama's answer for a model it has not pulled.
      sendError(res, 404, {
        message: `model "${body.model}" not found, try pulling it first`,
        type: 'api_error',
      });
      return;
    }
    const refused = refusedParameter(body, options.endpoint?.refuse ?? []);
    if (refused) {
      sendError(res, 400, { message: refused, type: 'invalid_request_error' });
      return;
    }
    const images = options.endpoint?.images;
    const vision = typeof images === 'object' ? images[body.model ?? ''] : images;
    if (vision === 'refuse' && imagePartsOf(body).length > 0) {
      sendError(res, 400, IMAGE_REFUSAL);
      return;
    }
    const unseeable = vision === 'see' ? await lookAtPhotos(body) : undefined;
    if (unseeable) {
      sendError(res, 400, { message: unseeable, type: 'invalid_request_error' });
      return;
    }

    const step = nextStep();
    const fail = step.fail ?? 'none';
    // Only a request nothing else decided for may fail at random.
    const byModel = step.failureRatesByModel?.[body.model ?? ''];
    const modelRates = byModel && isRepair(body.messages) ? {} : byModel;
    const rates = modelRates ?? step.failureRates;
    const injected =
      step.fail === undefined ? injectFailure(step, rates, body, modelRates !== undefined) : undefined;
    const mode = injected ?? fail;
    // Counted at admission, as OpenAI does, so the token bucket needs the answer's size up front.
    const answer =
      limits?.tokens || mode === 'none' || mode === 'broken_json' || mode === 'invalid_copy'
        ? prepareAnswer(body, mode, options.copyQuirks)
        : undefined;

    if (limits) {
      const refusal = admit(limits, answer ? answer.promptTokens + answer.completionTokens : 0, Date.now());
      if (refusal) {
        recorded.fail = 'rate_limit';
        counters.rateLimited++;
        if (refusal.kind === 'requests') counters.overRequestLimit++;
        else counters.overTokenLimit++;
        sendError(
          res,
          429,
          {
            message: `Rate limit reached for ${body.model ?? 'the model'} in organization org-fake on ${refusal.kind} per min (${refusal.kind === 'requests' ? 'RPM' : 'TPM'}): Limit ${refusal.limit}, Used ${refusal.used}, Requested ${refusal.requested}. Please try again in ${formatDuration(refusal.waitMs)}. Visit https://platform.openai.com/account/rate-limits to learn more.`,
            type: refusal.kind,
            code: 'rate_limit_exceeded',
          },
          { ...retryAfterHeaders(refusal.waitMs), ...limitHeaders(limits, Date.now()) },
        );
        return;
      }
    }

    recorded.fail = mode;
    if (mode !== 'none') counters.failures[mode] = (counters.failures[mode] ?? 0) + 1;
    // Hold the request open; the client's timeout ends it, or close() does.
    if (mode === 'timeout') return;
    await sleep(pickLatency(step.latencyMs, random));
    if (res.destroyed) return;
    const headers = limits ? limitHeaders(limits, Date.now()) : {};

    switch (mode) {
      case 'rate_limit': {
        counters.rateLimited++;
        const advised: Record<string, string> = {};
        if (injected) {
          Object.assign(
            advised,
            retryAfterHeaders(step.retryAfterMs ?? (step.retryAfterSeconds ?? 1) * 1000),
          );
        } else {
          if (step.retryAfterSeconds !== undefined) advised['retry-after'] = String(step.retryAfterSeconds);
          if (step.retryAfterMs !== undefined) advised['retry-after-ms'] = String(step.retryAfterMs);
        }
        sendError(
          res,
          429,
          {
            message: `Rate limit reached for ${body.model ?? 'the model'} on requests per min (RPM). Please try again later.`,
            type: 'requests',
            code: 'rate_limit_exceeded',
          },
          { ...headers, ...advised },
        );
        return;
      }
      case 'insufficient_quota':
        sendError(
          res,
          429,
          {
            message:
              'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
            type: 'insufficient_quota',
            code: 'insufficient_quota',
          },
          headers,
        );
        return;
      case 'loading':
        sendError(
          res,
          503,
          { message: `Model ${body.model ?? ''} is loading. Please retry shortly.`, type: 'server_error' },
          { ...headers, 'retry-after': String(step.retryAfterSeconds ?? 1) },
        );
        return;
      case 'server_error':
        sendError(
          res,
          500,
          {
            message: 'The server had an error while processing your request. Sorry about that!',
            type: 'server_error',
          },
          headers,
        );
        return;
      default: {
        const ready = answer ?? prepareAnswer(body, mode, options.copyQuirks);
        counters.answered++;
        counters.promptTokens += ready.promptTokens;
        counters.completionTokens += ready.completionTokens;
        sendJson(res, 200, completion(body, ready), headers);
      }
    }
  }

  function nextStep(): Omit<FakeOpenAIBehaviour, 'script'> {
    const { script, ...base } = behaviour;
    const next = script?.shift();
    if (next === undefined) return base;
    return typeof next === 'string' ? { ...base, fail: next } : { ...base, ...next };
  }

  // The share of a failure owed so far, per mode, for 'even' spreading: a mode fails when a whole one is due.
  let owed = new Map<string, number>();
  function spreadFailure(rates: FailureRates | undefined, model: string): InjectedFailure | undefined {
    if (!rates) return undefined;
    let failed: InjectedFailure | undefined;
    for (const mode of INJECTED_FAILURES) {
      const due = (owed.get(`${model}:${mode}`) ?? 0) + (rates[mode] ?? 0);
      if (failed === undefined && due >= 1 - 1e-9) {
        failed = mode;
        owed.set(`${model}:${mode}`, due - 1);
      } else owed.set(`${model}:${mode}`, due);
    }
    return failed;
  }

  function injectFailure(
    step: Omit<FakeOpenAIBehaviour, 'script'>,
    rates: FailureRates | undefined,
    body: ChatBody,
    perModel: boolean,
  ): InjectedFailure | undefined {
    if (step.failureSpread === 'even') return spreadFailure(rates, perModel ? (body.model ?? '') : '');
    if (step.failureSpread === 'by-product') return drawFailure(rates, productRoll(body, seed));
    return drawFailure(rates);
  }

  function drawFailure(rates: FailureRates | undefined, roll = random()): InjectedFailure | undefined {
    if (!rates) return undefined;
    for (const mode of INJECTED_FAILURES) {
      const rate = rates[mode] ?? 0;
      if (roll < rate) return mode;
      roll -= rate;
    }
    return undefined;
  }

  function completion(body: ChatBody, answer: PreparedAnswer) {
    completionCount++;
    const cachedTokens = promptCache?.cachedTokens(
      body.model ?? 'fake-model',
      body.messages.map((message) => ({
        role: String(message.role ?? 'user'),
        content: messageText(message),
      })),
    );
    return {
      id: `chatcmpl-fake-${completionCount}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model ?? 'fake-model',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            // No response_format: a local model's habit of wrapping its JSON in a sentence and a code fence.
            content: body.response_format
              ? answer.content
              : `Here is the copy:\n\n\`\`\`json\n${answer.content}\n\`\`\``,
            refusal: null,
          },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      // Counted with the same tokenizer OpenAI uses, so cost figures are realistic.
      usage: {
        prompt_tokens: answer.promptTokens,
        completion_tokens: answer.completionTokens,
        total_tokens: answer.promptTokens + answer.completionTokens,
        ...(cachedTokens !== undefined ? { prompt_tokens_details: { cached_tokens: cachedTokens } } : {}),
      },
    };
  }

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}/v1`,
    requests,
    batchApi,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    get counters() {
      return snapshot(counters);
    },
    setBehaviour(next) {
      behaviour = { ...next, script: [...(next.script ?? [])] };
      owed = new Map();
    },
    setRateLimits(next) {
      limits = createLimits(next, Date.now());
    },
    reset() {
      requests.length = 0;
      counters = emptyCounters();
      maxInFlight = inFlight;
    },
    close() {
      return new Promise((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      });
    },
  };
}

// Appended last, so a seed draws the same failures of the other kinds as before.
const INJECTED_FAILURES: InjectedFailure[] = [
  'server_error',
  'timeout',
  'broken_json',
  'rate_limit',
  'invalid_copy',
];

type PreparedAnswer = { content: string; promptTokens: number; completionTokens: number };

function prepareAnswer(body: ChatBody, fail: FailMode, quirks?: CopyQuirks): PreparedAnswer {
  const content = answerContent(body, fail, quirks);
  const model = body.model ?? 'fake-model';
  const promptTokens = countChatTokens(
    body.messages.map((message) => ({
      role: String(message.role ?? 'user'),
      content: messageText(message),
    })),
    model,
  );
  return {
    content,
    promptTokens: promptTokens + seenPhotoTokens(body),
    completionTokens: countTokens(content, model),
  };
}

function emptyCounters(): FakeOpenAICounters {
  return {
    chatRequests: 0,
    answered: 0,
    rateLimited: 0,
    overRequestLimit: 0,
    overTokenLimit: 0,
    failures: {},
    promptTokens: 0,
    completionTokens: 0,
  };
}

function snapshot(counters: FakeOpenAICounters): FakeOpenAICounters {
  return { ...counters, failures: { ...counters.failures } };
}

/** A token bucket that refills continuously at `perMinute` / 60 s up to `capacity`. */
class TokenBucket {
  #level: number;
  #updatedAt: number;

  constructor(
    readonly perMinute: number,
    readonly capacity: number,
    now: number,
  ) {
    this.#level = capacity;
    this.#updatedAt = now;
  }

  level(now: number): number {
    this.#level = Math.min(this.capacity, this.#level + (now - this.#updatedAt) * (this.perMinute / 60_000));
    this.#updatedAt = now;
    return this.#level;
  }

  /** Takes `cost` if it fits; a cost over the capacity fits a full bucket, so a big request is not stuck. */
  take(cost: number, now: number): boolean {
    const needed = Math.min(cost, this.capacity);
    const level = this.level(now);
    if (level < needed) return false;
    this.#level = level - needed;
    return true;
  }

  /** Until `cost` would fit. */
  waitMs(cost: number, now: number): number {
    const needed = Math.min(cost, this.capacity);
    return (Math.max(0, needed - this.level(now)) * 60_000) / this.perMinute;
  }

  /** Until the bucket is full again, as x-ratelimit-reset-* reports it. */
  resetMs(now: number): number {
    return ((this.capacity - this.level(now)) * 60_000) / this.perMinute;
  }
}

type Limits = { requests?: TokenBucket; tokens?: TokenBucket };
type Refusal = {
  kind: 'requests' | 'tokens';
  limit: number;
  used: number;
  requested: number;
  waitMs: number;
};

function createLimits(limits: RateLimits | undefined, now: number): Limits | undefined {
  if (!limits || (!limits.rpm && !limits.tpm)) return undefined;
  const share = (limits.burstSeconds ?? 60) / 60;
  const bucket = (perMinute: number | undefined) =>
    perMinute ? new TokenBucket(perMinute, Math.max(1, perMinute * share), now) : undefined;
  return { requests: bucket(limits.rpm), tokens: bucket(limits.tpm) };
}

/** Takes the request from both buckets, or neither; a refusal names the bucket that was short. */
function admit(limits: Limits, tokens: number, now: number): Refusal | undefined {
  const { requests, tokens: tokenBucket } = limits;
  if (requests && requests.level(now) < 1) return refusal('requests', requests, 1, now);
  if (tokenBucket && !tokenBucket.take(tokens, now)) {
    // OpenAI counts a refused request against the request limit too.
    requests?.take(1, now);
    return refusal('tokens', tokenBucket, tokens, now);
  }
  requests?.take(1, now);
  return undefined;
}

function refusal(kind: Refusal['kind'], bucket: TokenBucket, requested: number, now: number): Refusal {
  const used = Math.round(bucket.capacity - bucket.level(now));
  return { kind, limit: bucket.perMinute, used, requested, waitMs: bucket.waitMs(requested, now) };
}

function limitHeaders(limits: Limits, now: number): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [kind, bucket] of [
    ['requests', limits.requests],
    ['tokens', limits.tokens],
  ] as const) {
    if (!bucket) continue;
    headers[`x-ratelimit-limit-${kind}`] = String(bucket.perMinute);
    headers[`x-ratelimit-remaining-${kind}`] = String(Math.floor(bucket.level(now)));
    headers[`x-ratelimit-reset-${kind}`] = formatDuration(bucket.resetMs(now));
  }
  return headers;
}

function retryAfterHeaders(waitMs: number): Record<string, string> {
  return {
    'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
    'retry-after-ms': String(Math.ceil(waitMs)),
  };
}

/** As OpenAI prints durations (Go's format): "20ms", "1.2s", "6m0s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.ceil(ms)}ms`;
  const seconds = Math.round(ms) / 1000;
  if (seconds < 60) return `${trimDecimals(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m${trimDecimals(seconds - minutes * 60)}s`;
}

function trimDecimals(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** mulberry32: small, fast and good enough to make a bench's failures and latencies repeatable. */
// The prompt's lines that name the product (build-prompt.ts writes its facts as `key: value` lines).
const PRODUCT_NAMING_LINE = /^(handle|sku|product_name|variant_values|title): .*$/gm;

/** A roll in [0, 1) fixed by the seed, the product the request is about and how many turns it has. */
function productRoll(body: ChatBody, seed: number): number {
  const asked = body.messages.find((message) => message.role === 'user');
  const naming = (typeof asked?.content === 'string' ? asked.content : JSON.stringify(asked?.content ?? ''))
    .match(PRODUCT_NAMING_LINE)
    ?.join('\n');
  let hash = 2166136261 ^ seed;
  for (const char of `${naming ?? ''}|${body.messages.length}`)
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return seededRandom(hash >>> 0)();
}

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The copy fields, for a request that names them in its prompt but sends no json_schema (json_object, or no
 * response_format at all), as a model reads them from the instructions.
 */
const COPY_FIELDS_SCHEMA: JsonSchema = {
  type: 'object',
  properties: Object.fromEntries([
    ...['page_title', 'meta_description', 'heading', 'description', 'fact_sheet'].map((key) => [
      key,
      { type: 'string' },
    ]),
    [
      'questions_and_answers',
      {
        type: 'array',
        items: {
          type: 'object',
          properties: { question: { type: 'string' }, answer: { type: 'string' } },
          required: ['question', 'answer'],
        },
      },
    ],
    ['alt_texts', { type: 'array', items: { type: 'string' } }],
  ]),
  required: [
    'page_title',
    'meta_description',
    'heading',
    'description',
    'fact_sheet',
    'questions_and_answers',
    'alt_texts',
  ],
};

const asksForCopyFields = (messages: ChatMessage[]) =>
  messages.some(
    (message) => /page_title/.test(messageText(message)) && /alt_texts/.test(messageText(message)),
  );

function answerContent(body: ChatBody, fail: FailMode, quirks?: CopyQuirks): string {
  const schema =
    jsonSchemaOf(body.response_format) ?? (asksForCopyFields(body.messages) ? COPY_FIELDS_SCHEMA : undefined);
  if (!schema) return 'This is a fake answer.';
  const context = { ...readProductContext(body.messages), seen: seenPhotosOf(body) };
  const answer = fillSchema(schema, context, '');
  if (fail === 'invalid_copy' && isRecord(answer)) {
    answer.page_title = repeatToLength(`${context.name} `, 200);
  }
  if (quirks?.lapses && isRecord(answer) && !isRepair(body.messages)) {
    const lapse = lapseFor(context, quirks.lapses.share);
    if (lapse) applyLapse(answer, lapse, context);
  }
  const asked = askedLanguage(body.messages.map(messageText).join('\n'));
  if (quirks?.language && asked && isRecord(answer)) {
    const lapse = isRepair(body.messages) ? null : languageLapseFor(context.name, quirks.language.lapseShare);
    answerInLanguage(answer, context, asked, lapse);
  }
  if (quirks?.inventedAnswer && isRecord(answer)) {
    inventAnswer(answer, context, asked, quirks.inventedAnswer, isRepair(body.messages));
  }
  if (quirks?.textBreak && isRecord(answer) && !isRepair(body.messages)) {
    breakText(answer, quirks.textBreak, context);
  }
  if (quirks && isRecord(answer)) {
    if (quirks.sameHeading !== undefined) answer.heading = quirks.sameHeading;
    if (quirks.appendToDescription !== undefined) {
      answer.description = `${String(answer.description ?? '')} ${quirks.appendToDescription}`.trim();
    }
  }
  const json = JSON.stringify(answer);
  // Cut mid-value, as a model that ran out of tokens would.
  if (fail === 'broken_json') return json.slice(0, Math.max(1, Math.floor(json.length / 2)));
  return json;
}

/** A repair request carries the previous answer as an assistant message. */
const isRepair = (messages: ChatMessage[]) => messages.some((message) => message.role === 'assistant');

/** The lapse a product gets, or null: a hash of its name and values picks both whether and which. */
export function lapseFor(
  context: Pick<ProductContext, 'name' | 'variantValues'>,
  share: number,
): CopyLapse | null {
  let hash = 2166136261;
  for (const char of `${context.name}|${context.variantValues.join('|')}`) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  }
  if ((hash % 1000) / 1000 >= share) return null;
  return COPY_LAPSES[Math.floor(hash / 1000) % COPY_LAPSES.length]!;
}

function applyLapse(answer: Record<string, unknown>, lapse: CopyLapse, context: ProductContext): void {
  const sibling = context.siblings[0];
  if (lapse === 'sibling_meta' && context.variantValues.length > 0 && sibling) {
    answer.meta_description = copyFor('meta_description', { ...context, variantValues: [sibling] });
    return;
  }
  if (isTextBreak(lapse)) {
    breakText(answer, lapse, context);
    return;
  }
  if (lapse === 'about_nothing') {
    answer.page_title = 'Crafted for durable everyday comfort';
    answer.heading = 'Timeless design, made to last';
    answer.meta_description =
      'Made for modern homes: crafted, durable everyday comfort and a timeless design you will love, day after day, in every room and every season of the year.';
    answer.description = `Crafted durable everyday comfort, timeless design. ${String(answer.description ?? '')}`;
    return;
  }
  answer.description = `${String(answer.description ?? '')} Backed by a 5 year warranty and our money-back guarantee.`;
  answer.fact_sheet = `${String(answer.fact_sheet ?? '')}\nWarranty: 5 years, lifetime guarantee`.trim();
}

function jsonSchemaOf(responseFormat: unknown): JsonSchema | undefined {
  if (!isRecord(responseFormat) || responseFormat.type !== 'json_schema') return undefined;
  const wrapper = responseFormat.json_schema;
  return isRecord(wrapper) && isRecord(wrapper.schema) ? (wrapper.schema as JsonSchema) : undefined;
}

function readProductContext(messages: ChatMessage[]): ProductContext {
  const facts = new Map<string, string>();
  let imageCount: number | undefined;
  for (const message of messages) {
    if (message.role !== 'user') continue;
    const text = messageText(message);
    // "(3 images, one alt text each)", "(1 image, one alt text)", "(no images…", or an older "(3 images)".
    if (imageCount === undefined && /\(no images\b/.test(text)) imageCount = 0;
    imageCount ??= Number(/\((\d+) images?\b/.exec(text)?.[1] ?? Number.NaN) || undefined;
    // Product data is sent as "key: value" lines; the first mention of a key wins (the variant, not a repair).
    for (const [, key, value] of text.matchAll(/^([A-Za-z][A-Za-z0-9_]*):[ \t]*(\S.*)$/gm)) {
      if (!facts.has(key!.toLowerCase())) facts.set(key!.toLowerCase(), value!.trim());
    }
  }
  const name = facts.get('title') ?? facts.get('product_name') ?? facts.get('name') ?? 'This product';
  // A variant's rules, as the app states them: 'must each name "Small" and "Red"', 'sibling variants (A, B)'.
  const prompt = messages.map(messageText).join('\n');
  const named = /must each name ((?:"[^"]*"(?: and )?)+)/.exec(prompt)?.[1] ?? '';
  const variantValues = [...named.matchAll(/"([^"]*)"/g)].map((match) => match[1]!);
  const siblings = (/sibling variants \(([^)]*)\)/.exec(prompt)?.[1] ?? '')
    .split(', ')
    .filter((value) => value !== '' && value !== 'and others');
  // A prompt without "(N images)" (the variant template) may still list the product's image URLs.
  imageCount ??=
    facts
      .get('image_urls')
      ?.split('|')
      .filter((url) => url.trim() !== '').length || undefined;
  return {
    name,
    brand: facts.get('brand') ?? '',
    facts: [...facts],
    imageCount: imageCount ?? 1,
    variantValues,
    siblings,
  };
}

function fillSchema(schema: JsonSchema, context: ProductContext, key: string): unknown {
  if (schema.anyOf?.length) {
    return fillSchema(
      schema.anyOf.find((option) => option.type !== 'null') ?? schema.anyOf[0]!,
      context,
      key,
    );
  }
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const names = schema.required ?? Object.keys(properties);
      return Object.fromEntries(
        names.map((name) => [name, fillSchema(properties[name] ?? {}, context, name)]),
      );
    }
    case 'array': {
      if (key === 'questions_and_answers') return fakeQaPairs(context);
      if (key === 'photo_facts') return seenPhotoFacts(context.seen);
      const count = key === 'alt_texts' ? context.imageCount : 1;
      return Array.from({ length: count }, (_, index) =>
        key === 'alt_texts' ? altText(context, index) : fillSchema(schema.items ?? {}, context, key),
      );
    }
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return fitLength(
        copyFor(key, context),
        schema.minLength ?? 0,
        schema.maxLength ?? Number.POSITIVE_INFINITY,
      );
  }
}

function copyFor(key: string, context: ProductContext): string {
  const { brand, facts, variantValues, siblings } = context;
  // A variant names its values in its title and heading, as its prompt asks.
  const name = variantValues.length > 0 ? `${context.name} – ${variantValues.join(' ')}` : context.name;
  const byBrand = brand ? ` by ${brand}` : '';
  switch (key) {
    case 'page_title':
      return fitWidth(
        fitLength(brand ? `${name} | ${brand}` : name, 0, LIMITS.pageTitle),
        0,
        estimateTitleWidth,
        600,
      );
    case 'meta_description': {
      const colour = facts.find(([k]) => k === 'colour' || k === 'color')?.[1];
      // Told its siblings, it words its meta description apart from theirs: each sibling its own opening.
      const own = variantValues.join(' ');
      const place = siblings.length > 0 ? [own, ...siblings].sort().indexOf(own) : 0;
      const opening = VARIANT_META_OPENINGS[place % VARIANT_META_OPENINGS.length]!;
      const start = `${opening(`${name}${byBrand}`)}${colour ? ` Available in ${colour}.` : ''}`;
      return fitWidth(
        fitLength(start, LIMITS.metaMin, LIMITS.metaMax),
        LIMITS.metaMin,
        estimateDescriptionWidth,
        920,
      );
    }
    case 'heading':
      return fitLength(`${name}${byBrand}`, 0, LIMITS.heading);
    case 'description': {
      const details = describedFacts(facts, ['brand']);
      return [`${name}${byBrand}.`, ...details.map(([k, v]) => `${k}: ${v}.`)].join(' ');
    }
    case 'fact_sheet': {
      const lines = describedFacts(facts).map(([k, v]) => `${k}: ${v}`);
      return lines.length > 0 ? lines.join('\n') : `Name: ${name}`;
    }
    default:
      return name;
  }
}

/**
 * Facts worth repeating in copy, labelled as a model reads them: not the name, links or long free text. A store
 * option is one fact under its own name ("Color: Blue"), as the prompt's option1_name and option1_value pair it;
 * a model does not write the column names ("Option1 name: Color"), whose digit reads as a claim ("1 name").
 */
function describedFacts(facts: Array<[string, string]>, omit: string[] = []): Array<[string, string]> {
  const byKey = new Map(facts);
  const described: Array<[string, string]> = [];
  for (const [key, value] of facts) {
    if (['title', 'product_name', 'name', 'description', ...omit].includes(key) || /url/.test(key)) continue;
    const option = /^option(\d+)_(name|value)$/.exec(key);
    if (!option) {
      described.push([label(key), value]);
      continue;
    }
    const optionValue = byKey.get(`option${option[1]}_value`);
    if (option[2] === 'name' && optionValue) described.push([value, optionValue]);
  }
  return described;
}

function altText({ name, brand, variantValues, seen }: ProductContext, index: number): string {
  const photo = seen?.[index];
  // A model that sees says what each photo shows.
  const view = `${photo ? `shown in ${photo.colour}, ` : ''}${ALT_VIEWS[index % ALT_VIEWS.length]!}`;
  // Shorten the name rather than the view, so long names still give one distinct alt text per image.
  const subject = fitLength(
    `${name}${variantValues.length > 0 ? ` in ${variantValues.join(' ')}` : ''}${brand ? ` by ${brand}` : ''}`,
    0,
    LIMITS.altText - view.length - 2,
  );
  return `${subject}, ${view}`;
}

function label(key: string): string {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Pads with filler sentences up to `min`, then cuts at a word boundary to at most `max`. */
function fitLength(text: string, min: number, max: number): string {
  let result = text.trim();
  for (let i = 0; result.length < min; i++) result = `${result} ${META_FILLER[i % META_FILLER.length]}`;
  if (result.length <= max) return result;
  const cut = result.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  const atWord = space > 0 ? cut.slice(0, space).replace(/[\s,;:|-]+$/, '') : '';
  return atWord.length >= min && atWord.length > 0 ? atWord : result.slice(0, max);
}

/** Drops words from the end while the text is wider than Google shows (as a careful model would), down to `min`. */
function fitWidth(text: string, min: number, width: (text: string) => number, maxPx: number): string {
  let result = text;
  while (width(result) > maxPx) {
    const space = result.lastIndexOf(' ');
    const shorter = space > 0 ? result.slice(0, space).replace(/[\s,;:|-]+$/, '') : '';
    if (shorter.length < min || shorter === '') break;
    result = shorter.endsWith('.') || min === 0 ? shorter : `${shorter}.`;
  }
  return result;
}

function repeatToLength(text: string, length: number): string {
  return text.repeat(Math.ceil(length / text.length)).slice(0, length);
}

function messageText(message: ChatMessage): string {
  if (typeof message.content === 'string') return message.content;
  if (Array.isArray(message.content)) {
    return message.content
      .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
      .join('');
  }
  return '';
}

export function pickLatency(latency: Latency | undefined, random: () => number): number {
  if (latency === undefined) return 0;
  if (typeof latency === 'number') return Math.max(0, latency);
  switch (latency.distribution) {
    case 'normal':
      return Math.max(0, latency.mean + latency.stddev * standardNormal(random));
    case 'lognormal': {
      // The underlying normal's parameters, so that the log-normal itself has the given mean and deviation.
      if (latency.mean <= 0) return 0;
      const sigma2 = Math.log(1 + (latency.stddev / latency.mean) ** 2);
      const mu = Math.log(latency.mean) - sigma2 / 2;
      return Math.exp(mu + Math.sqrt(sigma2) * standardNormal(random));
    }
    default:
      return Math.max(0, latency.mean + (random() * 2 - 1) * latency.jitter);
  }
}

/** Box–Muller. */
function standardNormal(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolveSleep) => setTimeout(resolveSleep, ms)) : Promise.resolve();
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, rejectBody) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    req.on('error', rejectBody);
  });
}

function parseJson(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isChatBody(body: unknown): body is ChatBody {
  return isRecord(body) && Array.isArray(body.messages) && body.messages.every(isRecord);
}

function sendJson(
  res: ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(payload));
}

function sendError(
  res: ServerResponse,
  status: number,
  error: { message: string; type: string; code?: string | null; param?: string },
  headers: Record<string, string> = {},
) {
  sendJson(res, status, { error: { param: null, code: null, ...error } }, headers);
}

export type FakeOpenAIProcess = {
  url: string;
  /** The counters, read from GET /fake/stats. */
  counters(): Promise<FakeOpenAICounters>;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  close(): Promise<void>;
};

/**
 * Starts the fake in a process of its own, as `npm run fake-llm` would, so that its work (tokenizing every
 * prompt, building answers) does not share an event loop with the code being measured. Scripts and recorded
 * requests are not available across the process boundary; counters are.
 */
export async function spawnFakeOpenAI(
  options: Omit<FakeOpenAIOptions, 'recordRequests' | 'host'> = {},
): Promise<FakeOpenAIProcess> {
  // tsx's loader resolved from this file, so the child starts whatever the caller's working directory is.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawn(
    process.execPath,
    ['--import', tsx, fileURLToPath(import.meta.url), ...toCliArgs(options)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // A bench that exits or crashes must not leave the fake running.
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolveUrl, rejectUrl) => {
    lines.on('line', (line) => {
      const match = /listening at (\S+)/.exec(line);
      if (match) resolveUrl(match[1]!);
    });
    child.once('exit', (code) =>
      rejectUrl(new Error(`The fake OpenAI process exited (code ${code}) before listening`)),
    );
  });
  return {
    url,
    async counters() {
      const response = await fetch(`${url.replace(/\/v1$/, '')}/fake/stats`);
      return (await response.json()) as FakeOpenAICounters;
    },
    async close() {
      process.off('exit', kill);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      lines.close();
    },
  };
}

/** The command-line flags that start the standalone fake with these options. */
function toCliArgs(options: Omit<FakeOpenAIOptions, 'recordRequests' | 'host'>): string[] {
  const args: string[] = ['--port', String(options.port ?? 0)];
  const { behaviour = {}, rateLimits, seed, apiKey } = options;
  if (behaviour.script?.length || (behaviour.fail && behaviour.fail !== 'none')) {
    throw new Error(
      'A spawned fake takes latency, limits and failure rates, not scripts or a fixed failure.',
    );
  }
  const latency = behaviour.latencyMs;
  if (typeof latency === 'number') args.push('--latency', String(latency));
  else if (latency && 'jitter' in latency)
    args.push('--latency', String(latency.mean), '--jitter', String(latency.jitter));
  else if (latency) {
    args.push('--latency', String(latency.mean), '--stddev', String(latency.stddev));
    args.push('--distribution', latency.distribution);
  }
  if (rateLimits?.rpm) args.push('--rpm', String(rateLimits.rpm));
  if (rateLimits?.tpm) args.push('--tpm', String(rateLimits.tpm));
  if (rateLimits?.burstSeconds) args.push('--burst-seconds', String(rateLimits.burstSeconds));
  const rates = Object.entries(behaviour.failureRates ?? {}).filter(([, rate]) => rate);
  if (rates.length) args.push('--fail-rate', rates.map(([mode, rate]) => `${mode}=${rate}`).join(','));
  if (seed !== undefined) args.push('--seed', String(seed));
  if (behaviour.retryAfterMs !== undefined) args.push('--retry-after-ms', String(behaviour.retryAfterMs));
  if (apiKey !== undefined) args.push('--api-key', apiKey);
  return args;
}

const CLI_HELP = `Starts the fake OpenAI-compatible provider on loopback and prints its URL.

  npm run fake-llm -- [options]       (each option can also be set by the environment variable shown)

  --port N                PORT                   port to listen on (0, the default, picks a free one)
  --host H                HOST                   address to listen on (127.0.0.1)
  --latency MS            LATENCY_MS             mean answer time; "300±100" or "300+-100" is uniform
  --jitter MS             LATENCY_JITTER_MS      uniform in latency ± jitter
  --stddev MS             LATENCY_STDDEV_MS      standard deviation for normal and lognormal
  --distribution D        LATENCY_DISTRIBUTION   uniform (default with --jitter), normal, lognormal
  --rpm N                 RPM                    requests per minute, as a token bucket with x-ratelimit-*
  --tpm N                 TPM                    tokens per minute (prompt + completion)
  --burst-seconds S       BURST_SECONDS          bucket size in seconds of the limit (60)
  --fail-rate R           FAIL_RATE              0.05 = 5% split evenly over 500, 429 and broken JSON;
                                                 or per mode: "server_error=0.02,timeout=0.01,broken_json=0.02"
  --retry-after-ms MS     RETRY_AFTER_MS         the wait an injected 429 advises (1000)
  --seed N                SEED                   seeds latencies and injected failures
  --api-key K             FAKE_API_KEY           answer 401 to any other key

Counters (429s sent, failures, tokens) are served as JSON at GET /fake/stats.`;

/** Reads the standalone server's settings from flags, falling back to the environment. */
export function parseCliSettings(argv: string[], env: NodeJS.ProcessEnv): FakeOpenAIOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      latency: { type: 'string' },
      jitter: { type: 'string' },
      stddev: { type: 'string' },
      distribution: { type: 'string' },
      rpm: { type: 'string' },
      tpm: { type: 'string' },
      'burst-seconds': { type: 'string' },
      'fail-rate': { type: 'string' },
      seed: { type: 'string' },
      'retry-after-ms': { type: 'string' },
      'api-key': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const setting = (flag: keyof typeof values, name: string) => {
    const value = values[flag] ?? env[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const number = (flag: keyof typeof values, name: string) => {
    const value = setting(flag, name);
    if (value === undefined) return undefined;
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < 0)
      throw new Error(`${name} must be a number ≥ 0, not "${value}"`);
    return parsed;
  };

  const latencyText = setting('latency', 'LATENCY_MS');
  const shorthand = latencyText ? /^(\d+(?:\.\d+)?)\s*(?:±|\+-)\s*(\d+(?:\.\d+)?)$/.exec(latencyText) : null;
  const mean = shorthand ? Number(shorthand[1]) : number('latency', 'LATENCY_MS');
  const jitter = shorthand ? Number(shorthand[2]) : number('jitter', 'LATENCY_JITTER_MS');
  const stddev = number('stddev', 'LATENCY_STDDEV_MS');
  const distribution = setting('distribution', 'LATENCY_DISTRIBUTION');
  let latencyMs: Latency | undefined = mean;
  if (mean !== undefined && (distribution === 'normal' || distribution === 'lognormal')) {
    latencyMs = { distribution, mean, stddev: stddev ?? mean / 3 };
  } else if (mean !== undefined && distribution === undefined && stddev !== undefined) {
    latencyMs = { distribution: 'normal', mean, stddev };
  } else if (mean !== undefined && distribution !== undefined && distribution !== 'uniform') {
    throw new Error(`LATENCY_DISTRIBUTION must be uniform, normal or lognormal, not "${distribution}"`);
  } else if (mean !== undefined && (jitter !== undefined || distribution === 'uniform')) {
    latencyMs = { mean, jitter: jitter ?? 0 };
  }

  const rpm = number('rpm', 'RPM');
  const tpm = number('tpm', 'TPM');
  const seed = number('seed', 'SEED');
  return {
    port: number('port', 'PORT') ?? 0,
    host: setting('host', 'HOST'),
    apiKey: setting('api-key', 'FAKE_API_KEY'),
    seed,
    behaviour: {
      latencyMs,
      failureRates: parseFailureRates(setting('fail-rate', 'FAIL_RATE')),
      retryAfterMs: number('retry-after-ms', 'RETRY_AFTER_MS'),
    },
    rateLimits: rpm || tpm ? { rpm, tpm, burstSeconds: number('burst-seconds', 'BURST_SECONDS') } : undefined,
  };
}

function parseFailureRates(text: string | undefined): FailureRates | undefined {
  if (text === undefined) return undefined;
  if (/^\d*\.?\d+$/.test(text)) {
    // One share: the mix a flaky provider shows. Timeouts hold a request until the client gives up, so they
    // are only injected when named.
    const each = Number(text) / 3;
    return { server_error: each, rate_limit: each, broken_json: each };
  }
  const rates: FailureRates = {};
  for (const part of text.split(',')) {
    const [mode, value] = part.split('=').map((piece) => piece.trim());
    if (!INJECTED_FAILURES.includes(mode as InjectedFailure) || !Number.isFinite(Number(value))) {
      throw new Error(`FAIL_RATE: "${part}" is not one of ${INJECTED_FAILURES.join(', ')} = a share`);
    }
    rates[mode as InjectedFailure] = Number(value);
  }
  return rates;
}

function describeSettings(options: FakeOpenAIOptions): string {
  const latency = options.behaviour?.latencyMs;
  const parts = [
    latency === undefined
      ? 'no latency'
      : typeof latency === 'number'
        ? `latency ${latency} ms`
        : 'jitter' in latency
          ? `latency ${latency.mean} ± ${latency.jitter} ms (uniform)`
          : `latency mean ${latency.mean} ms, sd ${latency.stddev} ms (${latency.distribution})`,
    options.rateLimits?.rpm ? `${options.rateLimits.rpm} RPM` : 'no RPM limit',
    options.rateLimits?.tpm ? `${options.rateLimits.tpm} TPM` : 'no TPM limit',
  ];
  const rates = Object.entries(options.behaviour?.failureRates ?? {}).filter(([, rate]) => rate);
  parts.push(
    rates.length
      ? `failing ${rates.map(([mode, rate]) => `${mode} ${(rate * 100).toFixed(1)}%`).join(', ')}`
      : 'no failures',
  );
  if (options.seed !== undefined) parts.push(`seed ${options.seed}`);
  return parts.join(', ');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  let settings: ReturnType<typeof parseCliSettings>;
  try {
    settings = parseCliSettings(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${CLI_HELP}`);
    process.exit(2);
  }
  if (settings === 'help') {
    console.log(CLI_HELP);
    process.exit(0);
  }
  const fake = await startFakeOpenAI({ ...settings, recordRequests: false });
  console.log(`Fake OpenAI listening at ${fake.url} (OPENAI_BASE_URL=${fake.url})`);
  console.log(`${describeSettings(settings)}; counters at ${fake.url.replace(/\/v1$/, '')}/fake/stats`);
  const stop = () => {
    console.log(`Counters: ${JSON.stringify(fake.counters)}`);
    void fake.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
