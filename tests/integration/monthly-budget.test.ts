// USER_MONTHLY_BUDGET_USD: each user's spend on the server's key per calendar month, reserved
// before sending like the cap, across all their bundles (deleted ones too), and shown by view-spend.
import { describe, expect, it } from 'vitest';
import type { FunctionName, FunctionRequest } from '../../src/common/contract/functions';
import { setupFakeOpenAIApp, startTestWorker, vaseRows, viewRun } from '../support/pipeline';
import { callFunction, createTestUser } from '../support/test-app';
import { waitUntil } from '../support/wait-until';

const t = setupFakeOpenAIApp({ apiKey: 'sk-budget', seed: 5 }, { env: { USER_MONTHLY_BUDGET_USD: '0.02' } });

const PRODUCTS_PER_BUNDLE = 4;

describe('USER_MONTHLY_BUDGET_USD', () => {
  it('pauses a user at $0.02 across two bundles, and the Account figure agrees', async () => {
    const user = await createTestUser(t.app);
    const call = <N extends FunctionName>(fn: N, body: FunctionRequest<N>) =>
      callFunction(t.app, fn, body, user.token);
    // gpt-4o with short answers: a product costs about a third of a cent (its questions and answers included)
    // and a call reserves under a third of one, so $0.02 pays for the first bundle's 4 and some but not all of
    // the second's: both bundles spend, and the second is paused.
    const workflow = await call('new-workflow', {
      name: 'Short gpt-4o',
      model: 'gpt-4o',
      max_output_tokens: 150,
    });
    expect(workflow.status).toBe(200);
    const workflowId = workflow.data.workflow_id;
    const bundles: { bundle_id: number; bundle_workflow_id: number }[] = [];
    for (const stem of ['Budget Jug', 'Budget Bowl']) {
      const created = await call('new-bundle', {
        bundle_name: stem,
        columns: ['title', 'brand', 'description'],
        raw_csv: vaseRows(stem, PRODUCTS_PER_BUNDLE).join('\n'),
        workflow_id: workflowId,
      });
      expect(created.status).toBe(200);
      bundles.push(created.data);
    }
    const concurrency = 4;
    const worker = await startTestWorker(t.app, concurrency);
    // Each run either pauses at the budget or (when the worker took its products first) finishes under it.
    const settled = (bundleId: number) =>
      waitUntil(
        'the run pauses or finishes',
        async () => {
          const run = await viewRun(t.app, user.token, bundleId, workflowId);
          const { done, failed, total, reserved_cost } = run.totals;
          return (run.paused_reason || done + failed === total) && reserved_cost === 0 ? run : null;
        },
        { timeoutMs: 60_000, intervalMs: 200 },
      );
    const runs: Awaited<ReturnType<typeof viewRun>>[] = [];
    try {
      for (const bundle of bundles) runs.push(await settled(bundle.bundle_id));
    } finally {
      await worker.stop();
    }
    // Read once the worker has stopped: a product in flight when the other run paused may have settled since.
    for (const [i, bundle] of bundles.entries())
      runs[i] = await viewRun(t.app, user.token, bundle.bundle_id, workflowId);
    const spentOnBoth = runs.reduce((sum, run) => sum + run.totals.cost, 0);
    console.log(
      `budget $0.02: spent $${spentOnBoth.toFixed(6)} on two bundles, done ${runs.map((r) => r.totals.done)}`,
    );
    const paused = runs.filter((run) => run.paused_reason);
    expect(paused.length).toBeGreaterThan(0);
    // A call is refused only when what is settled, plus the other calls in flight (each reserved at its worst
    // case), plus its own worst case would pass the budget: so what was settled is over the budget less
    // `concurrency` worst cases, whatever the timing. The worst case is the one the pause message names.
    const worstCall = Math.max(
      ...paused.map((run) =>
        Number(/The next call could cost up to \$([\d.]+)/.exec(run.paused_reason ?? '')?.[1]),
      ),
    );
    expect(worstCall).toBeGreaterThan(0);
    expect(worstCall).toBeLessThan(0.003); // so the floor below is over $0.008
    expect(spentOnBoth).toBeGreaterThan(0.02 - concurrency * worstCall);
    expect(runs.every((run) => run.totals.cost > 0)).toBe(true);
    expect(spentOnBoth).toBeLessThanOrEqual(0.02);
    expect(runs.reduce((sum, run) => sum + run.totals.done, 0)).toBeLessThan(2 * PRODUCTS_PER_BUNDLE);
    for (const run of paused) expect(run.paused_reason).toMatch(/monthly budget of \$0\.02/);
    const spend = await call('view-spend', {});
    expect(spend.data.monthly_budget_usd).toBe(0.02);
    expect(spend.data.spent_usd).toBeCloseTo(spentOnBoth, 9);
    // The other user (whose runs above spent under their own budget) is not held by this one's spend.
    const mine = await t.call('view-spend', {});
    expect(mine.data.spent_usd).toBeLessThanOrEqual(0.02);
    // Deleting a bundle does not give the budget back.
    await call('delete-bundle', { bundle_id: bundles[0]!.bundle_id });
    const purger = await startTestWorker(t.app, 1);
    try {
      await waitUntil(
        'the bundle is purged',
        async () => {
          const { rows } = await t.app.database.pool.query('select 1 from bundles where id = $1', [
            bundles[0]!.bundle_id,
          ]);
          return rows.length === 0;
        },
        { timeoutMs: 30_000 },
      );
    } finally {
      await purger.stop();
    }
    const after = await call('view-spend', {});
    expect(after.data.spent_usd).toBeCloseTo(spentOnBoth, 9);
  });
});
