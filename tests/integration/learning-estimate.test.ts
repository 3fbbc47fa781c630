// An estimate that learns: a run against a provider whose repair rate is 50% (the prior assumes 30%) is
// estimated from its own first products once 10 are written, within 10% of what it settles at, and warns at once
// when that passes its cap; a run started with a trial's winner is estimated from the trial's measures, within
// 10% of its settled cost.
import { describe, expect, it } from 'vitest';
import type { FunctionName, FunctionRequest } from '../../src/common/contract/functions';
import { readFixture } from '../support/fixture-path';
import { setupFakeOpenAIApp, startTestWorker, waitForRun } from '../support/pipeline';
import { callFunction, createTestUser } from '../support/test-app';
import { waitUntil } from '../support/wait-until';

const CHEAP = 5; // gpt-4o-mini, repaired half the time
const OFFLINE = 4;
const EXPORT = 'shopify-jewelry.csv';

const t = setupFakeOpenAIApp({
  apiKey: 'sk-learn',
  seed: 11,
  behaviour: { failureSpread: 'even', failureRatesByModel: { 'gpt-4o-mini': { invalid_copy: 0.5 } } },
});

async function asNewUser() {
  const user = await createTestUser(t.app);
  const call = <N extends FunctionName>(fn: N, body: FunctionRequest<N>) =>
    callFunction(t.app, fn, body, user.token);
  return { user, call };
}

const offBy = (estimate: number, settled: number) => Math.abs(estimate - settled) / settled;

describe('an estimate that learns', () => {
  it('replaces the prior with the run’s own measures after 10 products, within 10% of the settled cost', async () => {
    const { user, call } = await asNewUser();
    const created = await call('new-bundle', {
      bundle_name: 'Jewelry',
      store_export: { format: 'auto', text: readFixture(EXPORT) },
      workflow_id: CHEAP,
    });
    const bundleId = created.data.bundle_id;
    const view = () => call('view-bundle-workflow', { bundle_id: bundleId, workflow_id: CHEAP });
    const prior = (await view()).data;
    expect(prior.estimate).toMatchObject({ basis: 'prior', repair_rate: 0.3, measured_products: 0 });
    expect(prior.totals.total).toBeGreaterThan(20);

    // The worker stops as soon as 10 products are written: the run is paused there, with nothing thrown away
    // (a cap would stop it too, but a product it stops between its answer and its repair is written again).
    let worker = await startTestWorker(t.app, 1);
    try {
      // Every poll reads the counts and the estimate from one snapshot: never measured on more than are done.
      await waitUntil(
        '10 products written',
        async () => {
          const { totals, estimate } = (await view()).data;
          expect(estimate?.measured_products ?? 0).toBeLessThanOrEqual(totals.done);
          return totals.done >= 10;
        },
        {
          timeoutMs: 60_000,
          intervalMs: 20,
        },
      );
      await worker.stop();
      const refined = (await view()).data;
      expect(refined.totals.done).toBeLessThan(refined.totals.total);
      expect(refined.estimate?.basis).toBe('run');
      // Measured when the run reached 10 finished products; tokenized afresh only when it has doubled them.
      expect(refined.estimate?.measured_products).toBeGreaterThanOrEqual(10);
      expect(refined.estimate?.measured_products).toBeLessThanOrEqual(refined.totals.done);
      expect(refined.estimate?.repair_rate).toBeGreaterThan(0.35);
      const estimated = refined.estimate!.cost_usd!;
      // The cap warns at once when the refined estimate passes it, and not when it holds it.
      const below = Math.max(refined.totals.cost + 0.0001, estimated * 0.9);
      expect(below).toBeLessThan(estimated);
      await call('set-spending-cap', { bundle_id: bundleId, spending_cap_usd: below });
      expect((await view()).data.estimate?.warning).toMatch(/passes this bundle's spending cap/);
      await call('set-spending-cap', { bundle_id: bundleId, spending_cap_usd: estimated * 2 });
      expect((await view()).data.estimate?.warning).toBeNull();

      await call('set-spending-cap', { bundle_id: bundleId, spending_cap_usd: null });
      worker = await startTestWorker(t.app, 1);
      const settled = await waitForRun(t.app, user.token, bundleId, CHEAP);
      console.log(
        `refined after ${refined.totals.done} of ${settled.totals.total}: $${estimated.toFixed(6)}, prior $${prior.estimate!.cost_usd!.toFixed(6)}, settled $${settled.totals.cost.toFixed(6)}`,
      );
      expect(offBy(estimated, settled.totals.cost)).toBeLessThanOrEqual(0.1);
      // The prior's 30% repairs, against 50% here, was further off.
      expect(offBy(prior.estimate!.cost_usd!, settled.totals.cost)).toBeGreaterThan(
        offBy(estimated, settled.totals.cost),
      );
    } finally {
      await worker.stop();
    }
  }, 180_000);

  it('estimates the run of a trial’s winner from the trial, within 10% of its settled cost', async () => {
    const { user, call } = await asNewUser();
    const created = await call('new-bundle', {
      bundle_name: 'Jewelry',
      store_export: { format: 'auto', text: readFixture(EXPORT) },
      workflow_id: OFFLINE,
    });
    const bundleId = created.data.bundle_id;
    let worker = await startTestWorker(t.app, 2);
    const trial = await call('start-trial', { bundle_id: bundleId, workflow_ids: [CHEAP, OFFLINE] });
    try {
      await waitUntil(
        'the trial settled',
        async () => (await call('view-trial', { trial_id: trial.data.trial_id })).data.status === 'completed',
        { timeoutMs: 60_000 },
      );
    } finally {
      await worker.stop();
    }
    const started = await call('new-bundle-workflow', {
      bundle_id: bundleId,
      workflow_id: CHEAP,
      trial_id: trial.data.trial_id,
    });
    expect(started.status).toBe(200);
    const before = (await call('view-bundle-workflow', { bundle_id: bundleId, workflow_id: CHEAP })).data;
    expect(before.estimate?.basis).toBe('trial');
    worker = await startTestWorker(t.app, 2);
    try {
      const settled = await waitForRun(t.app, user.token, bundleId, CHEAP);
      const estimated = before.estimate!.cost_usd!;
      console.log(`winner: estimated $${estimated.toFixed(6)}, settled $${settled.totals.cost.toFixed(6)}`);
      expect(offBy(estimated, settled.totals.cost)).toBeLessThanOrEqual(0.1);
    } finally {
      await worker.stop();
    }
  }, 180_000);
});
