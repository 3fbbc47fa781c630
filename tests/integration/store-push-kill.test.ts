// A worker killed mid-push and restarted finishes it the same way: a push of 61 approved
// products to the Shopify fake, with a bucket slow enough that it takes several seconds, is carried out by a
// real `npm run worker` process (src/server/main/worker.ts). Once the fake has received some of the push's
// productUpdate calls but not all, that process is killed with SIGKILL; a second one takes the job over when
// the first is found dead and finishes the push. Every product then holds our copy, none was skipped, and
// none got more than one productUpdate: the products the killed worker had written but not yet recorded
// are found already ours on the reread and recorded, not written again.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { FunctionResponse } from '../../src/common/contract/functions';
import { type FakeShopify, startFakeShopify } from '../support/fake-shopify';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { expectPushLanded } from '../support/push-landed';
import { shopifyCatalogue } from '../support/store-catalogues';
import { productInputOf } from '../support/store-requests';
import { setupTestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';
import { killAllWorkerProcesses, spawnWorkerProcess, type WorkerProcess } from '../support/worker-process';

const TOKEN = 'shpat_kill_test_token_0123456789';
const AUTH_SECRET = 'kill-push-test-secret-that-is-long-enough';
/** The ring and 60 totes: six chunks of ten products. */
const EXTRA_PRODUCTS = 60;
const FIELDS = ['description', 'seo_title', 'seo_description'] as const;
/** Mid-chunk (chunks are ten products), so the killed worker dies holding writes it has not recorded. */
const KILL_AFTER_UPDATES = 25;
const WORKER_DEAD_AFTER_SECONDS = 5;

const children: WorkerProcess[] = [];
let shopifySetup: FakeShopify;
let shopify: FakeShopify;

beforeAll(async () => {
  // Two fakes over the same products, as in bench/push.ts: a generous one to import from (a catalogue query
  // costs more than the small bucket holds), and the one pushed to, with a small bucket that refills
  // slowly: a productUpdate costs 10 points, so about four products a second once the bucket is spent.
  const catalogue = shopifyCatalogue(EXTRA_PRODUCTS);
  shopifySetup = await startFakeShopify(catalogue, {
    accessToken: TOKEN,
    bucketSize: 1e9,
    restoreRate: 1e9,
  });
  shopify = await startFakeShopify(catalogue, { accessToken: TOKEN, bucketSize: 150, restoreRate: 40 });
});
afterAll(async () => {
  await Promise.all([shopifySetup?.close(), shopify?.close()]);
});

// The app's own worker stays off (WORKER_CONCURRENCY 0): the import's run is written by an in-process worker
// that is stopped before the push, and the push only by the two worker processes.
const t = setupTestApp({
  env: () => ({
    AUTH_SECRET,
    ALLOW_PRIVATE_STORE_HOSTS: `${shopifySetup.hostPort},${shopify.hostPort}`,
    WORKER_CONCURRENCY: '0',
  }),
});
// Registered after setupTestApp's, so it runs before the database is dropped.
afterAll(async () => {
  killAllWorkerProcesses();
  await Promise.all(children.map((worker) => worker.exited));
});

const productUpdates = (fake: FakeShopify) =>
  fake.calls
    .filter((call) => !call.throttled && call.query.includes('productUpdate'))
    .map((call) => numericId(productInputOf(call).id));
/** A Shopify gid or a bare id, as the number the fake keys its products by. */
const numericId = (id: string) => Number(/(\d+)$/.exec(id)?.[1] ?? Number.NaN);

describe('a worker killed mid-push', () => {
  it('leaves the push to a restarted worker, which finishes it with no product skipped or written twice', {
    timeout: 180_000,
  }, async () => {
    onTestFailed(() => {
      for (const worker of children)
        console.error(`--- ${worker.name} output ---\n${worker.output.join('')}`);
    });
    const { pool } = t.app.database;
    const connected = await t.call('connect-store', {
      platform: 'shopify',
      store_url: shopifySetup.origin,
      access_token: TOKEN,
    });
    expect(connected.status, JSON.stringify(connected.data)).toBe(200);
    const storeId = connected.data.store.id;
    const imported = await t.call('import-store', { store_id: storeId, bundle_name: 'Kill mid-push' });
    expect(imported.status, JSON.stringify(imported.data)).toBe(200);
    const runId = imported.data.bundle_workflow_id;
    // The built-in writer's run, so that no generation job is left for the worker processes to redo.
    const writer = await startTestWorker(t.app, 2);
    try {
      const run = await waitForRun(t.app, t.user.token, imported.data.bundle_id, imported.data.workflow_id);
      expect(run.totals.done).toBe(run.totals.total);
    } finally {
      await writer.stop();
    }
    // Copy that differs from the store's in every field, approved, as the bench (bench/push.ts) sets it.
    await pool.query(
      `update bundle_workflow_products
       set description = 'Kill test copy for product ' || id || '. Hard-wearing and made to last.',
           page_title = 'Kill test title ' || id, meta_description = 'Kill test meta description ' || id,
           review_state = 'approved'
       where bundle_workflow_id = $1`,
      [runId],
    );
    // From here the store is the slow fake (the same products behind another port).
    await pool.query('update stores set store_url = $1 where id = $2', [shopify.origin, storeId]);
    const callsBeforePush = shopify.calls.length;
    const push = await t.call('push-to-store', {
      bundle_workflow_id: runId,
      store_id: storeId,
      fields: [...FIELDS],
    });
    expect(push.status, JSON.stringify(push.data)).toBe(200);
    const pushId = push.data.push_id;
    const journal = async () =>
      (
        await pool.query<{ remote_product_id: string; field: string; after: string; status: string }>(
          'select remote_product_id, field, after, status from store_push_items where push_id = $1',
          [pushId],
        )
      ).rows;
    const items = await journal();
    const productCount = shopify.products.length;
    expect(productCount).toBe(EXTRA_PRODUCTS + 1);
    expect(items).toHaveLength(productCount * FIELDS.length);

    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: t.app.database.url,
      AUTH_SECRET,
      ALLOW_PRIVATE_STORE_HOSTS: shopify.hostPort,
      WORKER_CONCURRENCY: '2',
      WORKER_DEAD_AFTER_SECONDS: String(WORKER_DEAD_AFTER_SECONDS),
    };
    const doomed = spawnWorkerProcess('worker A (killed)', env);
    children.push(doomed);
    await doomed.ready;
    const pushUpdates = () => productUpdates({ ...shopify, calls: shopify.calls.slice(callsBeforePush) });
    await waitUntil('worker A has written some products', () => pushUpdates().length >= KILL_AFTER_UPDATES, {
      timeoutMs: 60_000,
      intervalMs: 20,
    });
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const writtenAtKill = new Set(pushUpdates());
    const recordedAtKill = new Set(
      (await journal())
        .filter((item) => item.status !== 'pending')
        .map((item) => numericId(item.remote_product_id)),
    );
    expect(writtenAtKill.size, 'the kill came mid-push').toBeLessThan(productCount);
    // The crash window itself: products already written in the store that the journal does not yet record.
    const unrecorded = [...writtenAtKill].filter((id) => !recordedAtKill.has(id));
    expect(unrecorded.length, 'worker A died holding writes it had not recorded').toBeGreaterThan(0);

    const restarted = spawnWorkerProcess('worker B (restarted)', env);
    children.push(restarted);
    await restarted.ready;
    let view: FunctionResponse<'view-push'> | undefined;
    await waitUntil(
      'the push is finished by worker B',
      async () => {
        view = (await t.call('view-push', { push_id: pushId })).data;
        return view.state === 'done' || view.state === 'failed';
      },
      { timeoutMs: 120_000, intervalMs: 200 },
    );
    expect(view).toMatchObject({ state: 'done', failed: 0, skipped: 0 });
    expect(view!.done).toBe(items.length);
    expect(view!.results.filter((r) => r.status !== 'written')).toEqual([]);

    // Every product holds our values, and got one productUpdate, the killed worker's and the restarted one's
    // together: none twice.
    expectPushLanded(shopify, await journal(), pushUpdates(), productCount);
    expect(restarted.isRunning()).toBe(true);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toEqual({ code: 0, signal: null });
    console.info(
      `push killed at ${writtenAtKill.size} of ${productCount} products written (${unrecorded.length} not yet recorded); the restarted worker finished with ${productCount} products written once each`,
    );
  });
});
