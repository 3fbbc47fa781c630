// Knowing what a run costs before it starts, and a spending cap that pauses it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { type FakeOpenAI, startFakeOpenAI } from '../support/fake-openai';
import { fixtureProductList, startTestWorker, viewRun, waitForRun } from '../support/pipeline';
import {
  callFunction,
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../support/test-app';

const GPT4 = 2;
const GPT35 = 1;

let fake: FakeOpenAI;
let testApp: TestApp;
let user: TestUser;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-cost' });
  testApp = await createTestApp({ OPENAI_API_KEY: 'sk-cost', OPENAI_BASE_URL: fake.url });
  user = await createTestUser(testApp);
});
afterAll(async () => {
  await testApp?.close();
  await fake?.close();
});

async function call<T>(name: string, body: unknown): Promise<{ status: number; body: T }> {
  const response = await callFunction(testApp, name, body, user.token);
  return { status: response.status, body: (await response.json()) as T };
}

type Estimate = {
  model: string;
  products: number;
  prompt_tokens: number;
  completion_tokens: number;
  cost_usd: number;
};

describe('the cost estimate', () => {
  for (const catalogue of ['shopify-apparel.csv', 'shopify-home-and-garden.csv'] as const) {
    it(`lies within 15% of the actual cost for ${catalogue}`, async () => {
      const list = fixtureProductList(catalogue);
      const before = await call<Estimate>('estimate-cost', { workflow_id: GPT35, ...list });
      expect(before.status).toBe(200);
      expect(before.body.model).toBe('gpt-3.5-turbo');
      expect(before.body.products).toBe(list.raw_csv.split('\n').length);
      expect(before.body.cost_usd).toBeGreaterThan(0);

      const created = await call<{ bundle_id: number }>('new-bundle', {
        bundle_name: catalogue,
        ...list,
        workflow_id: GPT35,
      });
      const forBundle = await call<Estimate>('estimate-cost', {
        workflow_id: GPT35,
        bundle_id: created.body.bundle_id,
      });
      // Stored details come back from jsonb in another key order, which tokenizes a little differently.
      expect(forBundle.body.products).toBe(before.body.products);
      expect(Math.abs(forBundle.body.cost_usd - before.body.cost_usd) / before.body.cost_usd).toBeLessThan(
        0.02,
      );

      const worker = await startTestWorker(testApp);
      try {
        const run = await waitForRun(testApp, user.token, created.body.bundle_id, GPT35);
        const error = Math.abs(before.body.cost_usd - run.totals.cost) / run.totals.cost;
        console.log(
          `${catalogue}: estimated $${before.body.cost_usd.toFixed(6)}, actual $${run.totals.cost.toFixed(6)} (${(error * 100).toFixed(1)}% off)`,
        );
        expect(error).toBeLessThanOrEqual(0.15);
      } finally {
        await worker.stop();
      }
    });
  }

  it('costs nothing with the offline writer', async () => {
    const estimate = await call<Estimate>('estimate-cost', {
      workflow_id: 4,
      ...fixtureProductList('shopify-apparel.csv'),
    });
    expect(estimate.body.cost_usd).toBe(0);
    expect(estimate.body.prompt_tokens).toBeGreaterThan(0);
  });
});

describe('the spending cap', () => {
  let worker: RunningWorker | undefined;
  afterAll(() => worker?.stop());

  it('pauses the run with a clear message when reached, and resumes when raised', async () => {
    const rows = Array.from(
      { length: 8 },
      (_, i) => `Capped Vase ${i + 1},Form,A stoneware vase with a matte glaze.`,
    );
    const created = await call<{ bundle_id: number; bundle_workflow_id: number }>('new-bundle', {
      bundle_name: 'Capped',
      columns: ['title', 'brand', 'description'],
      raw_csv: rows.join('\n'),
      workflow_id: GPT4,
      // gpt-4 at $30 per million prompt tokens: a call costs about a cent, so this allows a few.
      spending_cap_usd: 0.02,
    });
    expect(created.status).toBe(200);
    worker = await startTestWorker(testApp, 1);

    let run = await viewRun(testApp, user.token, created.body.bundle_id, GPT4);
    const deadline = Date.now() + 30_000;
    while (!run.paused_reason && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      run = await viewRun(testApp, user.token, created.body.bundle_id, GPT4);
    }
    expect(run.paused_reason).toMatch(/spending cap of \$0\.02/);
    expect(run.spending_cap_usd).toBe(0.02);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    run = await viewRun(testApp, user.token, created.body.bundle_id, GPT4);
    expect(run.totals.done).toBeLessThan(8);
    expect(run.totals.failed).toBe(0);
    const spentAtPause = run.totals.cost;
    // Products in flight may finish past the cap; no new product starts.
    expect(spentAtPause).toBeLessThan(0.02 + 0.02);
    const callsAtPause = fake.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(fake.requests.length).toBe(callsAtPause);

    const raised = await call<{ spending_cap_usd: number | null; resumed: number }>('set-spending-cap', {
      bundle_id: created.body.bundle_id,
      spending_cap_usd: null,
    });
    expect(raised.body).toEqual({ spending_cap_usd: null, resumed: 1 });
    const finished = await waitForRun(testApp, user.token, created.body.bundle_id, GPT4);
    expect(finished.totals.done).toBe(8);
    expect(finished.paused_reason).toBeNull();
  });
});
