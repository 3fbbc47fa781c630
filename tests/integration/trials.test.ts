// A trial of three workflows on a 10-product sample of a real store export, against a provider whose models
// differ (gpt-4o-mini cheap and often repaired, gpt-4 dear and compliant) and the built-in writer: view-trial's
// cost, pass rate and repairs per workflow are the ones the products' logs add up to, the sample covers parents
// and variants, trial.completed is sent once, and the bundle's own copy is not touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionResponse } from '../../src/common/contract/functions';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { readFixture } from '../support/fixture-path';
import { setupFakeOpenAIApp, startTestWorker, viewRun } from '../support/pipeline';
import { waitUntil } from '../support/wait-until';
import { webhookEventBody } from '../support/webhook-event';
import { setupWebhookReceiver } from '../support/webhook-receiver';

const CHEAP = 5; // gpt-4o-mini
const DEAR = 2; // gpt-4
const OFFLINE = 4;

const receiver = setupWebhookReceiver();
const t = setupFakeOpenAIApp(
  {
    apiKey: 'sk-trial',
    seed: 3,
    behaviour: { failureSpread: 'even', failureRatesByModel: { 'gpt-4o-mini': { invalid_copy: 0.5 } } },
  },
  {
    env: {
      // Read when the app starts, once the receiver has its port.
      get ALLOW_PRIVATE_WEBHOOK_HOSTS() {
        return `127.0.0.1:${receiver.port()}`;
      },
    },
  },
);
let worker: RunningWorker | undefined;
beforeAll(async () => {
  worker = await startTestWorker(t.app, 2);
});
afterAll(() => worker?.stop());

type Trial = FunctionResponse<'view-trial'>;

async function settledTrial(trialId: number): Promise<Trial> {
  let trial: Trial | undefined;
  await waitUntil(
    'the trial settled',
    async () => {
      const view = await t.call('view-trial', { trial_id: trialId });
      trial = view.data;
      return view.status === 200 && view.data.status === 'completed';
    },
    { timeoutMs: 120_000 },
  );
  return trial!;
}

describe('a trial of three workflows', () => {
  it('reports per workflow what the logs say, covers parents and variants, and leaves the bundle as it was', async () => {
    const hook = await t.call('create-webhook', {
      url: `http://127.0.0.1:${receiver.port()}/trial`,
      events: ['trial.completed', 'run.completed'],
    });
    expect(hook.status).toBe(200);
    const created = await t.call('new-bundle', {
      bundle_name: 'Apparel',
      store_export: { format: 'auto', text: readFixture('shopify-apparel.csv') },
      workflow_id: OFFLINE,
    });
    expect(created.status).toBe(200);
    const bundleId = created.data.bundle_id;
    await waitUntil(
      'the bundle run is done',
      async () => {
        const run = await viewRun(t.app, t.user.token, bundleId, OFFLINE);
        return run.totals.done + run.totals.failed === run.totals.total;
      },
      { timeoutMs: 60_000 },
    );
    const before = await viewRun(t.app, t.user.token, bundleId, OFFLINE);

    const started = await t.call('start-trial', {
      bundle_id: bundleId,
      workflow_ids: [CHEAP, DEAR, OFFLINE],
      spending_cap_usd: 5,
    });
    expect(started.status).toBe(200);
    expect(started.data.products).toBe(10);
    const trial = await settledTrial(started.data.trial_id);

    expect(trial.sample).toHaveLength(10);
    expect(trial.sample.some((p) => p.is_variant)).toBe(true);
    expect(trial.sample.some((p) => !p.is_variant)).toBe(true);
    const bundleProductIds = new Set(before.products.map((p) => p.product_id));
    for (const product of trial.sample) expect(bundleProductIds.has(product.product_id)).toBe(true);
    expect(trial.workflows.map((w) => w.workflow_id)).toEqual([CHEAP, DEAR, OFFLINE]);

    for (const workflow of trial.workflows) {
      expect(workflow.total).toBe(10);
      expect(workflow.done).toBe(10);
      const log = await t.call('view-bundle-log', { bundle_workflow_id: workflow.bundle_workflow_id });
      const ai = log.data.log.filter((entry) => entry.type === 'ai');
      const logCost = ai.reduce((sum, entry) => sum + (entry.cost ?? 0), 0);
      expect(workflow.cost_usd).toBeCloseTo(logCost, 10);
      const repairs = ai.filter((entry) => entry.event === 'Copy repaired').length;
      expect(workflow.repairs).toBe(repairs);
      const passed = log.data.log.filter((entry) => entry.event === 'Copy checked: within limits').length;
      expect(workflow.first_answer_pass_rate).toBeCloseTo(passed / 10, 10);
      // Each product's figures are its own log lines' (the log names the sample's product, at its position).
      const sampleIds = [...new Set(ai.map((entry) => entry.product_id))].sort((a, b) => a! - b!);
      expect(sampleIds).toHaveLength(10);
      workflow.products.forEach((product, index) => {
        const own = ai.filter((entry) => entry.product_id === sampleIds[index]);
        expect(product.cost_usd ?? 0).toBeCloseTo(
          own.reduce((sum, entry) => sum + (entry.cost ?? 0), 0),
          10,
        );
        expect(product.prompt_tokens).toBe(own.reduce((sum, e) => sum + e.response.tokens.prompt_tokens, 0));
        expect(product.repairs).toBe(own.filter((entry) => entry.event === 'Copy repaired').length);
        expect(product.copy.page_title).toBeTruthy();
        expect(product.problems).not.toBeNull();
      });
      const perProduct = workflow.products.reduce((sum, p) => sum + (p.cost_usd ?? 0), 0);
      expect(perProduct).toBeCloseTo(workflow.cost_usd, 10);
    }
    const [cheap, dear, offline] = trial.workflows;
    console.log(
      trial.workflows
        .map(
          (w) =>
            `${w.name}: $${w.cost_usd.toFixed(6)}, pass ${w.first_answer_pass_rate}, repairs ${w.repairs}, left ${w.problems_left}`,
        )
        .join('\n'),
    );
    expect(cheap!.repairs).toBeGreaterThanOrEqual(3);
    expect(dear!.repairs).toBe(0);
    expect(dear!.first_answer_pass_rate).toBe(1);
    expect(cheap!.first_answer_pass_rate!).toBeLessThan(dear!.first_answer_pass_rate!);
    expect(dear!.cost_usd).toBeGreaterThan(cheap!.cost_usd);
    expect(offline!.cost_usd).toBe(0);
    expect(dear!.cost_per_1000_usd).toBeCloseTo(dear!.cost_usd * 100, 8);
    expect(trial.spent_usd).toBeCloseTo(cheap!.cost_usd + dear!.cost_usd, 8);

    // The bundle's copy and its list are as they were; the trial's sample bundle is not listed.
    const after = await viewRun(t.app, t.user.token, bundleId, OFFLINE);
    const copyOf = (run: typeof before) =>
      run.products.map((p) => [p.id, p.page_title, p.meta_description, p.heading, p.description, p.version]);
    expect(copyOf(after)).toEqual(copyOf(before));
    const listed = await t.call('list-bundles', {});
    expect(listed.data.bundles.map((b) => b.id)).toEqual([bundleId]);

    await waitUntil('trial.completed arrived', () =>
      receiver.received.some((r) => r.path === '/trial' && r.body.includes('trial.completed')),
    );
    const events = receiver.received
      .filter((r) => r.path === '/trial')
      .map((r) => webhookEventBody.parse(JSON.parse(r.body)));
    const completed = events.filter((e) => e.type === 'trial.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.data).toMatchObject({ trial_id: started.data.trial_id, bundle_id: bundleId });
    // The trial's runs send no run.completed of their own: only the bundle's one run did.
    expect(events.filter((e) => e.type === 'run.completed')).toHaveLength(1);

    // Once complete, the bundle lists its trial, with the sample's size and the workflows in the order they were picked.
    const trials = await t.call('list-trials', { bundle_id: bundleId });
    expect(trials.data.trials).toEqual([
      {
        trial_id: started.data.trial_id,
        created_at: trial.created_at,
        completed_at: expect.any(String),
        sample_size: 10,
        workflows: trial.workflows.map((w) => ({ workflow_id: w.workflow_id, name: w.name })),
      },
    ]);
  });

  it('refuses one workflow, a repeated one, and a product of another bundle', async () => {
    const created = await t.call('new-bundle', {
      bundle_name: 'Small',
      columns: ['title', 'brand'],
      raw_csv: 'Linen Shirt,Hemma\nOak Stool,Tre',
      workflow_id: OFFLINE,
    });
    const bundleId = created.data.bundle_id;
    const one = await t.call('start-trial', { bundle_id: bundleId, workflow_ids: [OFFLINE] });
    expect(one.status).toBe(400);
    const twice = await t.call('start-trial', { bundle_id: bundleId, workflow_ids: [OFFLINE, OFFLINE] });
    expect(twice.status).toBe(400);
    const other = await t.call('start-trial', {
      bundle_id: bundleId,
      workflow_ids: [OFFLINE, CHEAP],
      product_ids: [2_000_000_000],
    });
    expect(other.status).toBe(400);
    expect(other.error?.message).toContain('product_ids');
    expect(one.error?.message).toContain('workflow_ids');
  });
});
