// An estimate you can bank on (issue 22 item 6): estimate-cost before a run of a real store export lies within
// 15% of what the run settles at, repairs included, against a provider whose usage counts real tokens; and its
// first calls' input tokens are exactly the tokenizer's count of the prompts the run sends.
import { describe, expect, it } from 'vitest';
import { countChatTokens } from '../../src/server/ai/tokens';
import { readFixture } from '../support/fixture-path';
import { setupFakeOpenAIApp, startTestWorker, waitForRun } from '../support/pipeline';

const GPT35 = 1;
const GPT4O_MINI = 5;

const t = setupFakeOpenAIApp({
  apiKey: 'sk-estimate',
  // A share of first answers break a limit, so runs make repair calls; one product at a time, a seed fixes them.
  seed: 7,
  behaviour: { failureRates: { invalid_copy: 0.3 } },
});

type Chat = { model: string; messages: { role: string; content: string }[] };
const chatsSent = () =>
  t.fake.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body as Chat);

async function importExport(name: string, workflowId: number) {
  const created = await t.call('new-bundle', {
    bundle_name: name,
    store_export: { format: 'auto', text: readFixture(name) },
    workflow_id: workflowId,
  });
  expect(created.status).toBe(200);
  return created.data;
}

describe('the estimate of a real store export', () => {
  it("counts every product's first prompt exactly as the run sends it (a list without variants)", async () => {
    t.fake.setBehaviour({});
    t.fake.reset();
    // shopify-home-and-garden: 20-odd products, no variants, so every prompt is known before the run.
    const list = {
      columns: ['product_name', 'brand', 'description'],
      raw_csv: [
        'Oslo Oak Dining Chair,Nordhaus,"A solid oak chair with a linen seat, oiled."',
        'Bergen Ash Stool,Nordhaus,A three-legged ash stool.',
        'Stoneware Vase,Form,A stoneware vase with a matte glaze and a narrow neck.',
        'Brass Desk Lamp,Lumen,A brass desk lamp with a linen shade and a dimmer.',
      ].join('\n'),
    };
    const created = await t.call('new-bundle', { bundle_name: 'Exact', ...list, workflow_id: GPT4O_MINI });
    const estimate = await t.call('estimate-cost', {
      workflow_id: GPT4O_MINI,
      bundle_id: created.data.bundle_id,
    });
    expect(estimate.status).toBe(200);
    expect(estimate.data.tokenizer).toMatchObject({ encoding: 'o200k_base', stands_in: false });
    const worker = await startTestWorker(t.app, 1);
    try {
      await waitForRun(t.app, t.user.token, created.data.bundle_id, GPT4O_MINI);
    } finally {
      await worker.stop();
    }
    const sent = chatsSent();
    expect(sent).toHaveLength(4);
    const counted = sent.reduce((sum, chat) => sum + countChatTokens(chat.messages, chat.model), 0);
    expect(estimate.data.first_call_prompt_tokens).toBe(counted);
    // The fake's usage counts the same tokens, so the log's prompt tokens agree too.
    expect(t.fake.counters.promptTokens).toBe(counted);
  });

  for (const [name, workflowId] of [
    ['shopify-jewelry.csv', GPT35],
    ['woocommerce-sample-products.csv', GPT4O_MINI],
    ['shopify-product-template-2023.csv', GPT35],
  ] as const) {
    it(`lies within 15% of the settled cost for ${name}, repairs included`, async () => {
      t.fake.setBehaviour({ failureRates: { invalid_copy: 0.3 } });
      t.fake.reset();
      const created = await importExport(name, workflowId);
      const estimate = await t.call('estimate-cost', { workflow_id: workflowId, bundle_id: created.bundle_id });
      expect(estimate.status).toBe(200);
      expect(estimate.data.sampled).toBe(estimate.data.products);
      const estimated = estimate.data.cost_usd!;
      expect(estimated).toBeGreaterThan(0);
      const worker = await startTestWorker(t.app, 1);
      let run: Awaited<ReturnType<typeof waitForRun>>;
      try {
        run = await waitForRun(t.app, t.user.token, created.bundle_id, workflowId, 120_000);
      } finally {
        await worker.stop();
      }
      expect(run.totals.reserved_cost).toBe(0);
      const error = Math.abs(estimated - run.totals.cost) / run.totals.cost;
      const repairs = t.fake.counters.answered - run.totals.total;
      console.log(
        `${name}: estimated $${estimated.toFixed(6)} (${estimate.data.prompt_tokens} in, ${estimate.data.completion_tokens} out), settled $${run.totals.cost.toFixed(6)} (${run.totals.prompt_tokens} in, ${run.totals.completion_tokens} out) with ~${repairs} repairs: ${(error * 100).toFixed(1)}% off`,
      );
      expect(error).toBeLessThanOrEqual(0.15);
    });
  }
});
