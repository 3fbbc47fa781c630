import { describe, expect, it } from 'vitest';
import { closedPort } from '../../../../tests/support/closed-port';
import { startFakeOpenAI } from '../../../../tests/support/fake-openai';
import { waitUntil } from '../../../../tests/support/wait-until';
import { OAK_CHAIR_INPUT, setupFakeOpenAI } from '../../../../tests/support/writer-fixtures';
import { SEO_LIMITS } from '../../../common/copy-rules/copy-rules';
import { withPrompt } from '../../domain/generation/build-prompt';
import { DEFAULT_PROMPT_TEMPLATES } from '../../domain/generation/prompt-templates';
import { ConcurrencyLimit } from './concurrency-limit';
import { ProviderError, type WriteCopyInput } from './copy-writer';
import { OpenAIWriter, type OpenAIWriterOptions } from './openai-writer';
import { parseRetryAfterMs } from './provider-errors';
import { RateController } from './rate-controller';
import { nextRetryDelayMs, withProviderRetries } from './retry-policy';

const API_KEY = 'sk-test-Sup3rSecretKeyThatMustNeverLeak';

// The prompt as generation builds it from the default templates, which the writer sends as given.
const input: WriteCopyInput = withPrompt(DEFAULT_PROMPT_TEMPLATES, OAK_CHAIR_INPUT);

const t = setupFakeOpenAI();

function makeWriter(options: Partial<OpenAIWriterOptions> = {}): OpenAIWriter {
  return new OpenAIWriter({
    apiKey: API_KEY,
    baseURL: t.fake.url,
    ...options,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('OpenAIWriter', () => {
  it('returns copy with one alt text per image, the usage and both forms of the request', async () => {
    const result = await makeWriter().write(input);

    expect(result.copy.alt_texts).toHaveLength(3);
    expect(result.model).toBe('gpt-4o-mini');
    expect(result.usage.prompt_tokens).toBeGreaterThan(0);
    expect(result.usage.completion_tokens).toBeGreaterThan(0);
    // The pairs come as a list and are kept as its JSON text.
    const answered = JSON.parse(result.content);
    expect({ ...answered, questions_and_answers: JSON.stringify(answered.questions_and_answers) }).toEqual(
      result.copy,
    );
    expect(JSON.parse(result.copy.questions_and_answers).length).toBeGreaterThanOrEqual(3);

    // The fake's default copy already fits Google's limits, so later pipeline tests start from valid copy.
    expect(result.copy.page_title.length).toBeLessThanOrEqual(SEO_LIMITS.pageTitleMax);
    expect(result.copy.meta_description.length).toBeGreaterThanOrEqual(SEO_LIMITS.metaDescriptionMin);
    expect(result.copy.meta_description.length).toBeLessThanOrEqual(SEO_LIMITS.metaDescriptionMax);
    expect(result.copy.heading.length).toBeLessThanOrEqual(SEO_LIMITS.headingMax);
    for (const alt of result.copy.alt_texts) expect(alt.length).toBeLessThanOrEqual(SEO_LIMITS.altTextMax);

    const [system, user] = result.originalRequest.messages;
    // The workflow's template, then its rules: the language is always among them, English when none is set.
    expect(system?.content).toBe(`${DEFAULT_PROMPT_TEMPLATES.system}\n{{workflow_rules}}`);
    expect(system?.template_variables).toEqual({
      business_type_clause: ' selling Scandinavian furniture',
      tone_of_voice: 'clear and friendly',
      keywords_clause: 'Work the primary keywords in naturally where they fit: oak dining chair.',
      workflow_rules: expect.stringMatching(/^Write in English \(en\): every field/),
    });
    expect(user?.content).toBe(DEFAULT_PROMPT_TEMPLATES.user);
    expect(user?.template_variables).toEqual({
      image_count_phrase: '3 images, one alt text each',
      product:
        'title: Oslo Oak Dining Chair\nbrand: Nordhaus\ncolour: Natural oak\ndimensions: 45 x 52 x 80 cm\n' +
        'fact_sheet: Material: solid oak; Seat: linen',
    });
    expect(result.finalRequest.messages[0]?.content).toContain(
      'for an online store selling Scandinavian furniture.',
    );
    expect(result.finalRequest.messages[1]?.content).toContain('(3 images, one alt text each)');
    expect(result.finalRequest.messages[1]?.content).not.toContain('{{');
    expect(result.finalRequest.messages.every((message) => message.template_variables === undefined)).toBe(
      true,
    );
  });

  it('sends a strict json_schema response format with every field required', async () => {
    await makeWriter().write(input);

    expect(t.fake.requests).toHaveLength(1);
    const request = t.fake.requests[0]!;
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const body = request.body as {
      model: string;
      messages: unknown[];
      response_format: {
        type: string;
        json_schema: {
          name: string;
          strict: boolean;
          schema: { additionalProperties: boolean; required: string[]; properties: Record<string, unknown> };
        };
      };
    };
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.messages).toHaveLength(2);
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema).toMatchObject({ name: 'product_copy', strict: true });
    const schema = body.response_format.json_schema.schema;
    expect(schema.additionalProperties).toBe(false);
    expect([...schema.required].sort()).toEqual(
      [
        'alt_texts',
        'description',
        'fact_sheet',
        'heading',
        'meta_description',
        'page_title',
        'questions_and_answers',
      ].sort(),
    );
    expect(schema.properties.alt_texts).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(schema.properties.questions_and_answers).toMatchObject({
      type: 'array',
      items: { type: 'object', required: ['question', 'answer'], additionalProperties: false },
    });
  });

  it('classifies a 429 with retry-after in seconds as rate_limited', async () => {
    t.fake.setBehaviour({ fail: 'rate_limit', retryAfterSeconds: 2 });
    const error = await failureOf(makeWriter().write(input));
    expect(error.kind).toBe('rate_limited');
    expect(error.retryable).toBe(true);
    expect(error.retryAfterMs).toBeGreaterThanOrEqual(2_000);
    expect(nextRetryDelayMs(error, 1)).toBeGreaterThanOrEqual(2_000);
  });

  it('prefers retry-after-ms', async () => {
    t.fake.setBehaviour({ fail: 'rate_limit', retryAfterMs: 1_500, retryAfterSeconds: 9 });
    const error = await failureOf(makeWriter().write(input));
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterMs).toBe(1_500);
  });

  it('reads retry-after given as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const headers = new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' });
    expect(parseRetryAfterMs(headers, now)).toBe(5_000);
    expect(parseRetryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfterMs(new Headers(), now)).toBeUndefined();
  });

  it('fails fast on insufficient_quota with a message a shop owner understands', async () => {
    t.fake.setBehaviour({ fail: 'insufficient_quota' });
    const error = await failureOf(makeWriter().write(input));
    expect(error.kind).toBe('insufficient_quota');
    expect(error.retryable).toBe(false);
    expect(nextRetryDelayMs(error, 1)).toBeNull();
    expect(error.message).toBe(
      'The AI provider refused the request: the account has no credit left (insufficient_quota). Add credit or change the API key, then retry.',
    );
  });

  it('classifies a 500 as server', async () => {
    t.fake.setBehaviour({ fail: 'server_error' });
    const error = await failureOf(makeWriter().write(input));
    expect(error.kind).toBe('server');
    expect(error.retryable).toBe(true);
  });

  it('classifies broken JSON as bad_response and keeps the tokens it cost', async () => {
    t.fake.setBehaviour({ fail: 'broken_json' });
    const error = await failureOf(makeWriter().write(input));
    expect(error.kind).toBe('bad_response');
    expect(error.message).toContain('not valid JSON');
    expect(error.usage?.prompt_tokens).toBeGreaterThan(0);
    expect(error.usage?.completion_tokens).toBeGreaterThan(0);
  });

  it('returns copy that breaks the limits, leaving the repair to copy validation', async () => {
    t.fake.setBehaviour({ fail: 'invalid_copy' });
    const result = await makeWriter().write(input);
    expect(result.copy.page_title).toHaveLength(200);
  });

  it('times out when the provider never answers', async () => {
    t.fake.setBehaviour({ fail: 'timeout' });
    const started = Date.now();
    const error = await failureOf(makeWriter({ timeoutMs: 300 }).write(input));
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('0.3 seconds');
    // Without the timeout the fake would hold the request until the test itself timed out.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('classifies a refused connection as retryable, naming the address but not the key', async () => {
    const port = await closedPort();
    const error = await failureOf(makeWriter({ baseURL: `http://127.0.0.1:${port}/v1` }).write(input));
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain(`127.0.0.1:${port}`);
  });

  it('rejects with the caller’s reason when the caller aborts', async () => {
    t.fake.setBehaviour({ latencyMs: 2_000 });
    const controller = new AbortController();
    const writing = makeWriter().write({ ...input, signal: controller.signal });
    // Abort once the fake holds the request, not after a guessed delay.
    await waitUntil('the fake holds the request', () => t.fake.inFlight > 0);
    controller.abort(new Error('run cancelled'));
    await expect(writing).rejects.toThrow('run cancelled');
  });

  it('never has more requests in flight than maxConcurrency', async () => {
    t.fake.setBehaviour({ latencyMs: { mean: 80, jitter: 20 } });
    const writer = makeWriter({ maxConcurrency: 2 });
    const results = await Promise.all(Array.from({ length: 7 }, () => writer.write(input)));
    expect(results).toHaveLength(7);
    expect(t.fake.requests).toHaveLength(7);
    expect(t.fake.maxInFlight).toBe(2);
  });

  it('succeeds through withProviderRetries after honouring retry-after', async () => {
    t.fake.setBehaviour({ retryAfterSeconds: 1, script: ['rate_limit', 'none'] });
    const writer = makeWriter();
    const retries: ProviderError[] = [];
    const started = Date.now();
    const result = await withProviderRetries(() => writer.write(input), {
      onRetry: ({ error }) => {
        retries.push(error);
      },
    });

    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(result.copy.alt_texts).toHaveLength(3);
    expect(retries.map((error) => error.kind)).toEqual(['rate_limited']);
    expect(t.fake.requests.map((request) => request.fail)).toEqual(['rate_limit', 'none']);
    expect(t.fake.requests[1]!.arrivedAt - t.fake.requests[0]!.arrivedAt).toBeGreaterThanOrEqual(1_000);
  });

  it('never puts the API key in an error message', async () => {
    const messages: string[] = [];
    for (const fail of ['rate_limit', 'insufficient_quota', 'server_error', 'broken_json'] as const) {
      t.fake.setBehaviour({ fail });
      messages.push((await failureOf(makeWriter().write(input))).message);
    }
    t.fake.setBehaviour({ fail: 'timeout' });
    messages.push((await failureOf(makeWriter({ timeoutMs: 200 }).write(input))).message);

    // OpenAI's own 401 answer quotes the key it was given.
    const strict = await startFakeOpenAI({ apiKey: 'sk-the-right-key' });
    try {
      const error = await failureOf(makeWriter({ baseURL: strict.url }).write(input));
      expect(error.kind).toBe('auth');
      expect(error.retryable).toBe(false);
      messages.push(error.message);
    } finally {
      await strict.close();
    }

    expect(messages).toHaveLength(6);
    for (const message of messages) {
      expect(message).not.toContain(API_KEY);
      expect(message).not.toContain('Sup3rSecret');
    }
  });
});

describe('OpenAIWriter under rate limits', () => {
  it('paces a burst to the x-ratelimit headers instead of running into 429s', async () => {
    // 1,200 RPM in a one-second bucket: 20 at once, then 20 a second.
    const limited = await startFakeOpenAI({
      rateLimits: { rpm: 1_200, burstSeconds: 1 },
      behaviour: { latencyMs: 20 },
    });
    try {
      const writer = makeWriter({ baseURL: limited.url, maxConcurrency: 8 });
      const started = Date.now();
      const results = await Promise.all(Array.from({ length: 40 }, () => writer.write(input)));
      expect(results).toHaveLength(40);
      expect(limited.counters.rateLimited).toBe(0);
      expect(limited.counters.chatRequests).toBe(40);
      // 20 fit the bucket; the other 20 need a second of refill.
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    } finally {
      await limited.close();
    }
  });

  it('holds every request to the provider after a 429, not just the refused one', async () => {
    t.fake.setBehaviour({ script: [{ fail: 'rate_limit', retryAfterMs: 1_000 }] });
    const writer = makeWriter();
    const refused = await failureOf(writer.write(input));
    expect(refused.kind).toBe('rate_limited');
    await writer.write(input);
    expect(t.fake.requests.map((request) => request.fail)).toEqual(['rate_limit', 'none']);
    expect(t.fake.requests[1]!.arrivedAt - t.fake.requests[0]!.arrivedAt).toBeGreaterThanOrEqual(950);
  });

  it('does not hold anything after insufficient_quota, which waiting cannot fix', async () => {
    t.fake.setBehaviour({ script: ['insufficient_quota'] });
    const rateController = new RateController({ limit: new ConcurrencyLimit(4) });
    const writer = makeWriter({ rateController });
    await failureOf(writer.write(input));
    await writer.write(input);
    expect(rateController.stats).toEqual({
      delayed: 0,
      waitedMs: 0,
      rateLimited: 0,
      decreases: 0,
      concurrency: 4,
    });
  });
});
