// A spending cap raised between a refused call and the product's hold: the product is queued again, not left
// queued with no job under a run paused by a cap it no longer has. The race is a few milliseconds wide, so the
// test takes the product to the moment between the two and calls the hold itself.
import { describe, expect, it } from 'vitest';
import { SpendingCapReached } from '../../src/server/domain/generation/call-provider';
import { holdForSpendingCap } from '../../src/server/domain/generation/hold-for-cap';
import { loadProduct } from '../../src/server/domain/generation/product-store';
import { setupFakeOpenAIApp, startTestWorker, viewRun, waitForRun } from '../support/pipeline';

const GPT4 = 2;
const t = setupFakeOpenAIApp({ apiKey: 'sk-cap-race' });

/** A one-product gpt-4 run whose product is running, with its queued job gone as a running job's would be. */
async function productBetweenRefusalAndHold(cap: number) {
  const created = await t.call('new-bundle', {
    bundle_name: `Cap race ${cap}`,
    columns: ['title', 'brand', 'description'],
    raw_csv: 'Stoneware Vase,Form,A stoneware vase with a matte glaze.',
    workflow_id: GPT4,
    spending_cap_usd: cap,
  });
  expect(created.status).toBe(200);
  const { pool } = t.app.database;
  const { rows } = await pool.query<{ id: number }>(
    `update bundle_workflow_products set status = 'running' where bundle_workflow_id = $1 returning id`,
    [created.data.bundle_workflow_id],
  );
  const productId = rows[0]!.id;
  await pool.query(`delete from graphile_worker._private_jobs where key = $1`, [
    `generate-product:${productId}`,
  ]);
  const context = await loadProduct(t.app.database.db, productId);
  return { created, productId, context: context! };
}

async function jobsOf(productId: number): Promise<number> {
  const { rows } = await t.app.database.pool.query<{ n: number }>(
    `select count(*)::int as n from graphile_worker._private_jobs where key = $1`,
    [`generate-product:${productId}`],
  );
  return rows[0]!.n;
}

describe('a spending cap raised while a refused product is being held', () => {
  it('queues the product again and leaves the run unpaused, so the run finishes under the new cap', async () => {
    const { created, productId, context } = await productBetweenRefusalAndHold(0.001);
    // The cap was raised after the reservation refused the call at $0.001.
    await t.call('set-spending-cap', { bundle_id: created.data.bundle_id, spending_cap_usd: 1 });
    await holdForSpendingCap(
      t.app.database.db,
      context,
      new SpendingCapReached('cap of $0.001 reached', 0.001),
    );
    expect(await jobsOf(productId)).toBe(1);
    expect((await viewRun(t.app, t.user.token, created.data.bundle_id, GPT4)).paused_reason).toBeNull();
    const worker = await startTestWorker(t.app, 1);
    try {
      const run = await waitForRun(t.app, t.user.token, created.data.bundle_id, GPT4);
      expect(run.totals.done).toBe(1);
    } finally {
      await worker.stop();
    }
  });

  it('pauses the run, with the product queued for the raise, when the cap is still the one that refused', async () => {
    const { created, productId, context } = await productBetweenRefusalAndHold(0.001);
    await holdForSpendingCap(
      t.app.database.db,
      context,
      new SpendingCapReached('cap of $0.001 reached', 0.001),
    );
    expect(await jobsOf(productId)).toBe(0);
    const run = await viewRun(t.app, t.user.token, created.data.bundle_id, GPT4);
    expect(run.paused_reason).toBe('cap of $0.001 reached');
    expect(run.totals).toMatchObject({ total: 1, done: 0, failed: 0 });
    const raised = await t.call('set-spending-cap', {
      bundle_id: created.data.bundle_id,
      spending_cap_usd: 1,
    });
    expect(raised.data).toEqual({ spending_cap_usd: 1, resumed: 1 });
    expect(await jobsOf(productId)).toBe(1);
  });
});
