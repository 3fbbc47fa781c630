// The fake provider's own contract: benches and the soak rely on its limits, failures and counters.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkCopy } from '../../src/server/domain/generation/check-copy';
import { parseCopy } from '../../src/server/leaves/ai/parse-answer';
import {
  type FakeOpenAI,
  type FakeOpenAIOptions,
  parseCliSettings,
  pickLatency,
  seededRandom,
  spawnFakeOpenAI,
  startFakeOpenAI,
} from '../support/fake-openai';

/** An OpenAI-style error answer, as the fake sends it. */
const providerError = z.object({
  error: z.object({ type: z.string(), code: z.string().optional(), message: z.string() }),
});

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function start(options: FakeOpenAIOptions): Promise<FakeOpenAI> {
  fake = await startFakeOpenAI(options);
  return fake;
}

function chat(url: string, content = 'title: Oak Lamp\nbrand: Lumen') {
  return fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content }] }),
  });
}

describe('fake OpenAI rate limits', () => {
  it('answers within the RPM limit with x-ratelimit headers, and over it with a 429 and retry-after', async () => {
    // 120 RPM in a one-second bucket: two at once, then one every 500 ms.
    const { url, counters: before } = await start({ rateLimits: { rpm: 120, burstSeconds: 1 } });
    expect(before.rateLimited).toBe(0);
    const first = await chat(url);
    const second = await chat(url);
    const third = await chat(url);

    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit-requests')).toBe('120');
    expect(first.headers.get('x-ratelimit-remaining-requests')).toBe('1');
    expect(first.headers.get('x-ratelimit-reset-requests')).toMatch(/^\d+ms$/);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-ratelimit-remaining-requests')).toBe('0');

    expect(third.status).toBe(429);
    const retryAfterMs = Number(third.headers.get('retry-after-ms'));
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(500);
    expect(third.headers.get('retry-after')).toBe('1');
    expect(third.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    const body = providerError.parse(await third.json());
    expect(body.error).toMatchObject({ type: 'requests', code: 'rate_limit_exceeded' });
    expect(body.error.message).toContain('requests per min (RPM): Limit 120');

    expect(fake!.counters).toMatchObject({
      chatRequests: 3,
      answered: 2,
      rateLimited: 1,
      overRequestLimit: 1,
      overTokenLimit: 0,
    });

    // The bucket refills continuously.
    await new Promise((resolve) => setTimeout(resolve, retryAfterMs + 20));
    expect((await chat(url)).status).toBe(200);
  });

  it('charges prompt and completion tokens against the TPM limit', async () => {
    const { url } = await start({ rateLimits: { tpm: 6_000, burstSeconds: 1 } });
    // The bucket holds 100 tokens and refills 100 a second; one answer takes a few dozen. Sent at once, so
    // that a slow machine's pauses between them cannot refill it.
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: 5 }, async () => (await chat(url)).status));
    const refill = ((performance.now() - started) / 1000) * 100;
    expect(statuses).toContain(429);
    const counters = fake!.counters;
    expect(counters.overTokenLimit).toBeGreaterThan(0);
    expect(counters.promptTokens + counters.completionTokens).toBeLessThanOrEqual(100 + refill);
    const refused = await chat(url);
    if (refused.status === 429) {
      expect(providerError.parse(await refused.json()).error.type).toBe('tokens');
      expect(refused.headers.get('x-ratelimit-limit-tokens')).toBe('6000');
    }
  });

  it('serves its counters at /fake/stats and forgets them on reset', async () => {
    const { url } = await start({});
    await chat(url);
    const stats = z
      .object({ answered: z.number() })
      .parse(await (await fetch(url.replace(/\/v1$/, '/fake/stats'))).json());
    expect(stats.answered).toBe(1);
    fake!.reset();
    expect(fake!.counters.answered).toBe(0);
  });
});

describe('fake OpenAI injected failures', () => {
  it('fails the same requests for the same seed, in about the shares asked for', async () => {
    const failureRates = { server_error: 0.2, broken_json: 0.2, rate_limit: 0.1 };
    const modes = async (seed: number) => {
      const server = await startFakeOpenAI({ seed, behaviour: { failureRates } });
      try {
        for (let i = 0; i < 100; i++) await chat(server.url);
        return server.requests.map((request) => request.fail);
      } finally {
        await server.close();
      }
    };
    const first = await modes(7);
    expect(await modes(7)).toEqual(first);
    expect(await modes(8)).not.toEqual(first);
    const share = (mode: string) => first.filter((fail) => fail === mode).length / first.length;
    expect(share('server_error')).toBeGreaterThan(0.08);
    expect(share('server_error')).toBeLessThan(0.35);
    expect(share('rate_limit')).toBeGreaterThan(0.02);
    expect(share('none')).toBeGreaterThan(0.3);
  });

  it("fails exactly the share asked, evenly, with failureSpread 'even'", async () => {
    const server = await start({ behaviour: { failureRates: { invalid_copy: 0.3 }, failureSpread: 'even' } });
    for (let i = 0; i < 20; i++) await chat(server.url);
    const failed = server.requests.flatMap((request, index) =>
      request.fail === 'invalid_copy' ? [index] : [],
    );
    // Due at 0.3 a request: the 4th, 7th, 10th, … fail, 6 of 20, never two in a row.
    expect(failed).toEqual([3, 6, 9, 13, 16, 19]);
    // A new behaviour starts the count again.
    server.setBehaviour({ failureRates: { invalid_copy: 0.5 }, failureSpread: 'even' });
    server.reset();
    for (let i = 0; i < 4; i++) await chat(server.url);
    expect(server.requests.map((request) => request.fail)).toEqual([
      'none',
      'invalid_copy',
      'none',
      'invalid_copy',
    ]);
  });

  it("fails the same products whatever order they come in, with failureSpread 'by-product'", async () => {
    const products = Array.from(
      { length: 40 },
      (_, i) => `title: Lamp ${i}\nhandle: lamp-${i}\nbrand: Lumen`,
    );
    const failedProducts = async (order: string[]) => {
      const server = await startFakeOpenAI({
        seed: 7,
        behaviour: { failureRates: { invalid_copy: 0.3 }, failureSpread: 'by-product' },
      });
      try {
        for (const product of order) await chat(server.url, product);
        return order.filter((_, index) => server.requests[index]?.fail === 'invalid_copy').sort();
      } finally {
        await server.close();
      }
    };
    const inOrder = await failedProducts(products);
    expect(await failedProducts([...products].reverse())).toEqual(inOrder);
    // About the share asked: a draw per product, not a fixed count.
    expect(inOrder.length).toBeGreaterThan(4);
    expect(inOrder.length).toBeLessThan(20);
  });

  it('advises a wait on an injected 429 and counts it', async () => {
    const { url } = await start({ seed: 1, behaviour: { failureRates: { rate_limit: 1 } } });
    const response = await chat(url);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after-ms')).toBe('1000');
    expect(fake!.counters).toMatchObject({ rateLimited: 1, failures: { rate_limit: 1 } });
  });

  it('lets a script or a set failure take precedence over injected ones', async () => {
    const { url } = await start({
      behaviour: { failureRates: { server_error: 1 }, script: ['none', 'broken_json'] },
    });
    expect((await chat(url)).status).toBe(200);
    expect((await chat(url)).status).toBe(200);
    expect((await chat(url)).status).toBe(500);
    expect(fake!.requests.map((request) => request.fail)).toEqual(['none', 'broken_json', 'server_error']);
  });
});

describe('fake OpenAI latency', () => {
  const draws = (latency: Parameters<typeof pickLatency>[0]) => {
    const random = seededRandom(3);
    return Array.from({ length: 20_000 }, () => pickLatency(latency, random));
  };
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const stddev = (values: number[]) => {
    const m = mean(values);
    return Math.sqrt(mean(values.map((value) => (value - m) ** 2)));
  };

  it('draws uniform, normal and log-normal delays with the asked mean and spread', () => {
    const uniform = draws({ mean: 300, jitter: 100 });
    expect(Math.min(...uniform)).toBeGreaterThanOrEqual(200);
    expect(Math.max(...uniform)).toBeLessThanOrEqual(400);
    expect(mean(uniform)).toBeCloseTo(300, -1);

    const normal = draws({ distribution: 'normal', mean: 300, stddev: 50 });
    expect(mean(normal)).toBeCloseTo(300, -1);
    expect(stddev(normal)).toBeCloseTo(50, -1);

    const lognormal = draws({ distribution: 'lognormal', mean: 300, stddev: 150 });
    expect(mean(lognormal)).toBeCloseTo(300, -1);
    expect(stddev(lognormal)).toBeGreaterThan(130);
    expect(stddev(lognormal)).toBeLessThan(170);
    expect(Math.min(...lognormal)).toBeGreaterThan(0);
  });

  it('never waits less than nothing', () => {
    expect(Math.min(...draws({ distribution: 'normal', mean: 10, stddev: 50 }))).toBe(0);
    expect(pickLatency(-5, Math.random)).toBe(0);
  });
});

describe('fake OpenAI command line', () => {
  it('reads flags, then the environment', () => {
    expect(
      parseCliSettings(['--rpm', '3000', '--latency', '300±100', '--fail-rate', '0.06', '--seed', '1'], {}),
    ).toMatchObject({
      port: 0,
      seed: 1,
      rateLimits: { rpm: 3_000 },
      behaviour: {
        latencyMs: { mean: 300, jitter: 100 },
        failureRates: { server_error: 0.02, rate_limit: 0.02, broken_json: 0.02 },
      },
    });
    expect(
      parseCliSettings([], {
        PORT: '8081',
        LATENCY_MS: '300',
        LATENCY_DISTRIBUTION: 'lognormal',
        LATENCY_STDDEV_MS: '120',
        TPM: '90000',
        FAIL_RATE: 'timeout=0.01,server_error=0.02',
      }),
    ).toMatchObject({
      port: 8081,
      rateLimits: { tpm: 90_000 },
      behaviour: {
        latencyMs: { distribution: 'lognormal', mean: 300, stddev: 120 },
        failureRates: { timeout: 0.01, server_error: 0.02 },
      },
    });
    expect(parseCliSettings(['--rpm', '10'], { RPM: '20' })).toMatchObject({ rateLimits: { rpm: 10 } });
    expect(parseCliSettings(['--latency', '300', '--stddev', '50'], {})).toMatchObject({
      behaviour: { latencyMs: { distribution: 'normal', mean: 300, stddev: 50 } },
    });
  });

  it('rejects settings it cannot read', () => {
    expect(() => parseCliSettings(['--rpm', 'many'], {})).toThrow(/RPM/);
    expect(() => parseCliSettings([], { FAIL_RATE: 'gremlins=0.5' })).toThrow(/FAIL_RATE/);
    expect(parseCliSettings(['--help'], {})).toBe('help');
  });
});

describe('fake OpenAI in a process of its own', () => {
  it('starts from its command line, answers with its limits, reports its counters and stops', async () => {
    const spawned = await spawnFakeOpenAI({ rateLimits: { rpm: 60, burstSeconds: 1 }, seed: 1 });
    try {
      expect((await chat(spawned.url)).status).toBe(200);
      expect((await chat(spawned.url)).status).toBe(429);
      expect(await spawned.counters()).toMatchObject({ chatRequests: 2, answered: 1, rateLimited: 1 });
    } finally {
      await spawned.close();
    }
    await expect(chat(spawned.url)).rejects.toThrow();
  }, 30_000);
});

describe('fake OpenAI compliant copy', () => {
  it("writes a store option under its own name, never its column names, so the copy passes the app's checks", async () => {
    // WooCommerce's and Shopify's imports keep options as option1_name / option1_value: "Option1 name: Color"
    // in the copy read as the claim "1 name", which the data lacks, and drew a repair for every such product.
    const details = {
      product_name: 'V-Neck T-Shirt',
      sku: 'woo-vneck-tee',
      option1_name: 'Color',
      option1_value: 'Blue, Green, Red',
      option2_name: 'Size',
      option2_value: 'Large, Medium, Small',
    };
    const { url } = await start({});
    const data = Object.entries(details)
      .map(([key, value]) => `${key}: ${value}`)
      .join('\n');
    const response = await fetch(`${url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: 'Answer with page_title, …, alt_texts.' },
          { role: 'user', content: `Write the copy for this product (1 image, one alt text).\n\n${data}` },
        ],
      }),
    });
    const body = z
      .object({ choices: z.array(z.object({ message: z.object({ content: z.string() }) })) })
      .parse(await response.json());
    // Read as the app reads an answer: the pairs list becomes the field's text.
    const copy = parseCopy(body.choices[0]!.message.content, null, 'stop', undefined);
    expect(JSON.parse(copy.questions_and_answers).length).toBeGreaterThanOrEqual(3);
    expect(copy.fact_sheet).toContain('Color: Blue, Green, Red');
    expect(copy.fact_sheet).toContain('Size: Large, Medium, Small');
    expect(`${copy.description}\n${copy.fact_sheet}`).not.toMatch(/option\s?\d/i);
    expect(checkCopy(copy, details, 1)).toEqual([]);
  });
});
