// Knowing what a run costs before it starts, and a spending cap that pauses it.
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import {
  fixtureProductList,
  setupFakeOpenAIApp,
  startTestWorker,
  viewRun,
  waitForRun,
} from '../support/pipeline';
import { waitUntil } from '../support/wait-until';

const GPT4 = 2;
const GPT35 = 1;

const t = setupFakeOpenAIApp({ apiKey: 'sk-cost' });

/** Whether no product of the run is running, and none of its generate jobs is locked or due. */
async function isRunQuiet(runId: number): Promise<boolean> {
  const { rows } = await t.app.database.pool.query<{ quiet: boolean }>(
    `select not exists(
              select 1 from bundle_workflow_products where bundle_workflow_id = $1 and status = 'running')
        and not exists(
              select 1 from graphile_worker._private_jobs j
              join bundle_workflow_products p on p.id = (j.payload->>'bundleWorkflowProductId')::int
              where p.bundle_workflow_id = $1 and (j.locked_at is not null or j.run_at <= now())) as quiet`,
    [runId],
  );
  return rows[0]!.quiet;
}

describe('the cost estimate', () => {
  for (const catalogue of ['shopify-apparel.csv', 'shopify-home-and-garden.csv'] as const) {
    it(`lies within 15% of the actual cost for ${catalogue}`, async () => {
      const list = fixtureProductList(catalogue);
      const before = await t.call('estimate-cost', { workflow_id: GPT35, ...list });
      expect(before.status).toBe(200);
      expect(before.data.model).toBe('gpt-3.5-turbo');
      expect(before.data.products).toBe(list.raw_csv.split('\n').length);
      expect(before.data.cost_usd).toBeGreaterThan(0);
      const estimated = before.data.cost_usd!;

      const created = await t.call('new-bundle', {
        bundle_name: catalogue,
        ...list,
        workflow_id: GPT35,
      });
      const forBundle = await t.call('estimate-cost', {
        workflow_id: GPT35,
        bundle_id: created.data.bundle_id,
      });
      // Stored details come back from jsonb in another key order, which tokenizes a little differently.
      expect(forBundle.data.products).toBe(before.data.products);
      expect(Math.abs(forBundle.data.cost_usd! - estimated) / estimated).toBeLessThan(0.02);

      const worker = await startTestWorker(t.app);
      try {
        const run = await waitForRun(t.app, t.user.token, created.data.bundle_id, GPT35);
        const error = Math.abs(estimated - run.totals.cost) / run.totals.cost;
        console.log(
          `${catalogue}: estimated $${estimated.toFixed(6)}, actual $${run.totals.cost.toFixed(6)} (${(error * 100).toFixed(1)}% off)`,
        );
        expect(error).toBeLessThanOrEqual(0.15);
      } finally {
        await worker.stop();
      }
    });
  }

  it('costs nothing with the offline writer', async () => {
    const estimate = await t.call('estimate-cost', {
      workflow_id: 4,
      ...fixtureProductList('shopify-apparel.csv'),
    });
    expect(estimate.data.cost_usd).toBe(0);
    expect(estimate.data.prompt_tokens).toBeGreaterThan(0);
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
    const created = await t.call('new-bundle', {
      bundle_name: 'Capped',
      columns: ['title', 'brand', 'description'],
      raw_csv: rows.join('\n'),
      workflow_id: GPT4,
      // gpt-4 at $30 per million prompt tokens: a call costs about a cent, so this allows a few.
      spending_cap_usd: 0.02,
    });
    expect(created.status).toBe(200);
    worker = await startTestWorker(t.app, 1);

    const viewCapped = () => viewRun(t.app, t.user.token, created.data.bundle_id, GPT4);
    let run = await waitUntil(
      'the run pauses',
      async () => {
        const current = await viewCapped();
        return current.paused_reason ? current : null;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(run.paused_reason).toMatch(/spending cap of \$0\.02/);
    expect(run.spending_cap_usd).toBe(0.02);
    // Products in flight when the cap was reached finish; then nothing of the run runs or waits to run.
    await waitUntil('the paused run is quiet', () => isRunQuiet(created.data.bundle_workflow_id), {
      timeoutMs: 30_000,
    });
    run = await viewCapped();
    expect(run.totals.done).toBeLessThan(8);
    expect(run.totals.failed).toBe(0);
    const spentAtPause = run.totals.cost;
    // Products in flight may finish past the cap; no new product starts.
    expect(spentAtPause).toBeLessThan(0.02 + 0.02);
    const callsAtPause = t.fake.requests.length;
    // Proving that nothing happens needs a window: a short, bounded one, after the run has gone quiet.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(t.fake.requests.length).toBe(callsAtPause);

    const raised = await t.call('set-spending-cap', {
      bundle_id: created.data.bundle_id,
      spending_cap_usd: null,
    });
    expect(raised.data).toEqual({ spending_cap_usd: null, resumed: 1 });
    const finished = await waitForRun(t.app, t.user.token, created.data.bundle_id, GPT4);
    expect(finished.totals.done).toBe(8);
    expect(finished.paused_reason).toBeNull();
  });
});
