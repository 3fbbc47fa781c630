// A restart mid-import must neither duplicate nor lose products: a real `npm run worker` process
// (src/server/main/worker.ts) runs an import-store job that reads a Shopify catalogue with a bulk operation. Once
// it has started the operation (its id is recorded) and is polling it, the process is killed with SIGKILL; a
// second worker takes the job over when the first is found dead, waits for the same operation instead of
// starting another, and fills the bundle: every product once, none missing.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { type FakeShopify, startFakeShopify } from '../support/fake-shopify';
import { shopifyCatalogue } from '../support/store-catalogues';
import { importedRows, storeImportOf } from '../support/store-import';
import { setupTestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';
import { killAllWorkerProcesses, spawnWorkerProcess, type WorkerProcess } from '../support/worker-process';

const TOKEN = 'shpat_import_kill_test_token_0123456789';
const AUTH_SECRET = 'import-kill-test-secret-that-is-long-enough';
/** The ring (4 variants) and 30 totes: 31 products, 34 records; over the threshold of 10, so a bulk read. */
const EXTRA = 30;
const RECORDS = 34;
const THRESHOLD = '10';

const children: WorkerProcess[] = [];
let shopify: FakeShopify;
beforeAll(async () => {
  shopify = await startFakeShopify(shopifyCatalogue(EXTRA), { accessToken: TOKEN, bulkPollsUntilDone: 3 });
});
afterAll(async () => {
  await shopify?.close();
});

const t = setupTestApp({
  env: () => ({
    AUTH_SECRET,
    ALLOW_PRIVATE_STORE_HOSTS: shopify.hostPort,
    SHOPIFY_BULK_THRESHOLD: THRESHOLD,
  }),
});
// Registered after setupTestApp's, so it runs before the database is dropped.
afterAll(async () => {
  killAllWorkerProcesses();
  await Promise.all(children.map((worker) => worker.exited));
});

describe('a worker killed mid-import', () => {
  it('leaves the import to a restarted worker, which waits for the same bulk operation and fills the bundle once', {
    timeout: 120_000,
  }, async () => {
    onTestFailed(() => {
      for (const worker of children)
        console.error(`--- ${worker.name} output ---\n${worker.output.join('')}`);
    });
    const connected = await t.call('connect-store', {
      platform: 'shopify',
      store_url: shopify.origin,
      access_token: TOKEN,
    });
    expect(connected.status).toBe(200);
    // The request's count, the job's count and its bulkOperationRunQuery; every poll waits until released.
    const release = shopify.holdAfter(3);
    const imported = await t.call('import-store', {
      store_id: connected.data.store.id,
      bundle_name: 'Killed',
    });
    expect(imported.status).toBe(200);
    const bundleId = imported.data.bundle_id;
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: t.app.database.url,
      AUTH_SECRET,
      ALLOW_PRIVATE_STORE_HOSTS: shopify.hostPort,
      SHOPIFY_BULK_THRESHOLD: THRESHOLD,
      WORKER_CONCURRENCY: '1',
      WORKER_DEAD_AFTER_SECONDS: '5',
    };
    try {
      const doomed = spawnWorkerProcess('worker A (killed)', env);
      children.push(doomed);
      await doomed.ready;
      const started = await waitUntil(
        'worker A has started the bulk operation',
        async () => (await storeImportOf(t, bundleId)).bulk_operation_id,
        { timeoutMs: 60_000 },
      );
      expect(shopify.bulk.operations.map((operation) => operation.id)).toEqual([started]);
      doomed.child.kill('SIGKILL');
      expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(await storeImportOf(t, bundleId)).toMatchObject({ state: 'running', products: null });
      expect(await importedRows(t, bundleId)).toEqual([]);
    } finally {
      release();
    }

    const restarted = spawnWorkerProcess('worker B (restarted)', env);
    children.push(restarted);
    await restarted.ready;
    const done = await waitUntil(
      'worker B has finished the import',
      async () => {
        const state = await storeImportOf(t, bundleId);
        return state.state === 'done' || state.state === 'failed' ? state : null;
      },
      { timeoutMs: 90_000, intervalMs: 200 },
    );
    expect(done).toMatchObject({ state: 'done', method: 'bulk', products: RECORDS, error: null });
    // One operation, the one worker A started, downloaded once.
    expect(shopify.bulk.operations).toHaveLength(1);
    expect(shopify.bulk.operations[0]!.status).toBe('COMPLETED');
    expect(shopify.bulk.downloads()).toBe(1);
    const rows = await importedRows(t, bundleId);
    expect(rows).toHaveLength(RECORDS);
    const expected = shopify.products.flatMap((p) =>
      p.variants.map((v) => `gid://shopify/ProductVariant/${v.id}`),
    );
    expect(rows.map((row) => row.remote_variant_id).sort()).toEqual(expected.sort());
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toEqual({ code: 0, signal: null });
  });
});
