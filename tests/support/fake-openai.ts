// A fake OpenAI-compatible chat completions server on loopback. Nothing in the tests reaches the internet, so
// this stands in for the provider: it answers with copy that fits the SEO limits, and can be told to answer
// slowly, with 429s, 5xx, broken JSON or not at all. Plain node:http with no test-framework imports, so a
// script can start it too: `npx tsx tests/support/fake-openai.ts` (PORT picks the port).
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { countChatTokens, countTokens } from '../../src/server/ai/tokens';

export type FailMode =
  | 'none'
  | 'rate_limit'
  | 'insufficient_quota'
  | 'server_error'
  /** Never answers; the client has to give up. */
  | 'timeout'
  /** 200 whose content is not JSON. */
  | 'broken_json'
  /** 200 with valid JSON whose page_title is 200 characters. */
  | 'invalid_copy';

/** A fixed delay, or a uniform one in mean ± jitter. */
export type Latency = number | { mean: number; jitter: number };

/** How one chat request is answered. */
export type ScriptStep = {
  fail?: FailMode;
  latencyMs?: Latency;
  /** Sent as `retry-after` (seconds) on rate_limit. */
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
};

export type FakeOpenAIOptions = {
  behaviour?: FakeOpenAIBehaviour;
  /** When set, any other bearer token gets OpenAI's 401 invalid_api_key answer (which echoes the key). */
  apiKey?: string;
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
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
  /** Replaces the whole behaviour, script included. */
  setBehaviour(behaviour: FakeOpenAIBehaviour): void;
  /** Forgets recorded requests and the in-flight peak; keeps the behaviour. */
  reset(): void;
  /** Stops listening and cuts open connections, including requests held by `timeout`. */
  close(): Promise<void>;
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
type ChatBody = { model?: string; messages: ChatMessage[]; response_format?: unknown };

/** What the fake knows about the product, read back from the prompt. */
type ProductContext = { name: string; brand: string; facts: Array<[string, string]>; imageCount: number };

// Google's limits, as in src/common/constants.ts (SEO_LIMITS); copied so the fake stays a standalone module.
const LIMITS = { pageTitle: 60, metaMin: 120, metaMax: 155, heading: 70, altText: 125 };
const META_FILLER = [
  'Read the full details, compare the options and choose with confidence.',
  'Order online today.',
  'Simple checkout and friendly service.',
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
  const requests: RecordedRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let completionCount = 0;

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
    requests.push(recorded);

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
        data: [{ id: 'gpt-4o-mini', object: 'model', owned_by: 'fake' }],
      });
      return;
    }
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

    const step = nextStep();
    const fail = step.fail ?? 'none';
    recorded.fail = fail;
    // Hold the request open; the client's timeout ends it, or close() does.
    if (fail === 'timeout') return;
    await sleep(pickLatency(step.latencyMs));
    if (res.destroyed) return;

    switch (fail) {
      case 'rate_limit': {
        const headers: Record<string, string> = {};
        if (step.retryAfterSeconds !== undefined) headers['retry-after'] = String(step.retryAfterSeconds);
        if (step.retryAfterMs !== undefined) headers['retry-after-ms'] = String(step.retryAfterMs);
        sendError(
          res,
          429,
          {
            message: `Rate limit reached for ${body.model ?? 'the model'} on requests per min (RPM). Please try again later.`,
            type: 'requests',
            code: 'rate_limit_exceeded',
          },
          headers,
        );
        return;
      }
      case 'insufficient_quota':
        sendError(res, 429, {
          message:
            'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
          type: 'insufficient_quota',
          code: 'insufficient_quota',
        });
        return;
      case 'server_error':
        sendError(res, 500, {
          message: 'The server had an error while processing your request. Sorry about that!',
          type: 'server_error',
        });
        return;
      default:
        sendJson(res, 200, completion(body, fail));
    }
  }

  function nextStep(): ScriptStep {
    const { script, ...base } = behaviour;
    const next = script?.shift();
    if (next === undefined) return base;
    return typeof next === 'string' ? { ...base, fail: next } : { ...base, ...next };
  }

  function completion(body: ChatBody, fail: FailMode) {
    const content = answerContent(body, fail);
    const model = body.model ?? 'fake-model';
    const promptTokens = countChatTokens(
      body.messages.map((message) => ({
        role: String(message.role ?? 'user'),
        content: messageText(message),
      })),
      model,
    );
    const completionTokens = countTokens(content, model);
    completionCount++;
    return {
      id: `chatcmpl-fake-${completionCount}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model ?? 'fake-model',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      // Counted with the same tokenizer OpenAI uses, so cost figures are realistic.
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
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
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    setBehaviour(next) {
      behaviour = { ...next, script: [...(next.script ?? [])] };
    },
    reset() {
      requests.length = 0;
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

function answerContent(body: ChatBody, fail: FailMode): string {
  const schema = jsonSchemaOf(body.response_format);
  if (!schema) return 'This is a fake answer.';
  const context = readProductContext(body.messages);
  const answer = fillSchema(schema, context, '');
  if (fail === 'invalid_copy' && isRecord(answer)) {
    answer.page_title = repeatToLength(`${context.name} `, 200);
  }
  const json = JSON.stringify(answer);
  // Cut mid-value, as a model that ran out of tokens would.
  if (fail === 'broken_json') return json.slice(0, Math.max(1, Math.floor(json.length / 2)));
  return json;
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
    imageCount ??= Number(/\((\d+) images?\)/.exec(text)?.[1] ?? Number.NaN) || undefined;
    // Product data is sent as "key: value" lines; the first mention of a key wins (the variant, not a repair).
    for (const [, key, value] of text.matchAll(/^([A-Za-z][A-Za-z0-9_]*):[ \t]*(\S.*)$/gm)) {
      if (!facts.has(key!.toLowerCase())) facts.set(key!.toLowerCase(), value!.trim());
    }
  }
  const name = facts.get('title') ?? facts.get('product_name') ?? facts.get('name') ?? 'This product';
  // A prompt without "(N images)" (the variant template) may still list the product's image URLs.
  imageCount ??=
    facts
      .get('image_urls')
      ?.split('|')
      .filter((url) => url.trim() !== '').length || undefined;
  return { name, brand: facts.get('brand') ?? '', facts: [...facts], imageCount: imageCount ?? 1 };
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

function copyFor(key: string, { name, brand, facts }: ProductContext): string {
  const byBrand = brand ? ` by ${brand}` : '';
  switch (key) {
    case 'page_title':
      return fitLength(brand ? `${name} | ${brand}` : name, 0, LIMITS.pageTitle);
    case 'meta_description': {
      const colour = facts.find(([k]) => k === 'colour' || k === 'color')?.[1];
      const start = `Discover ${name}${byBrand}.${colour ? ` Available in ${colour}.` : ''}`;
      return fitLength(start, LIMITS.metaMin, LIMITS.metaMax);
    }
    case 'heading':
      return fitLength(`${name}${byBrand}`, 0, LIMITS.heading);
    case 'description': {
      const details = describedFacts(facts).filter(([k]) => k !== 'brand');
      return [`${name}${byBrand}.`, ...details.map(([k, v]) => `${label(k)}: ${v}.`)].join(' ');
    }
    case 'fact_sheet': {
      const lines = describedFacts(facts).map(([k, v]) => `${label(k)}: ${v}`);
      return lines.length > 0 ? lines.join('\n') : `Name: ${name}`;
    }
    default:
      return name;
  }
}

/** Facts worth repeating in copy: not the name, links or long free text. */
function describedFacts(facts: Array<[string, string]>): Array<[string, string]> {
  return facts.filter(
    ([key]) => !['title', 'product_name', 'name', 'description'].includes(key) && !/url/.test(key),
  );
}

function altText({ name, brand }: ProductContext, index: number): string {
  const view = ALT_VIEWS[index % ALT_VIEWS.length]!;
  // Shorten the name rather than the view, so long names still give one distinct alt text per image.
  const subject = fitLength(`${name}${brand ? ` by ${brand}` : ''}`, 0, LIMITS.altText - view.length - 2);
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

function pickLatency(latency: Latency | undefined): number {
  if (latency === undefined) return 0;
  if (typeof latency === 'number') return Math.max(0, latency);
  return Math.max(0, latency.mean + (Math.random() * 2 - 1) * latency.jitter);
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
  error: { message: string; type: string; code?: string },
  headers: Record<string, string> = {},
) {
  sendJson(res, status, { error: { param: null, code: null, ...error } }, headers);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const fake = await startFakeOpenAI({ port: Number(process.env.PORT ?? 0) });
  console.log(`Fake OpenAI listening at ${fake.url} (OPENAI_BASE_URL=${fake.url})`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
