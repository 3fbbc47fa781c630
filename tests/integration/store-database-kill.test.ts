// The database killed under a store import and under a store push: the app runs as `npm start` does (its own
// process on its own embedded PostgreSQL, as in database-blink.test.ts, so killing the postmaster with SIGKILL
// hurts no other test), connected to the Shopify fake. The import is killed once the fake has answered some of
// the catalogue's pages, the push once the fake has received some of its productUpdates; after the kill the
// app answers again. The import's retried job reads the catalogue again from its first page and fills the
// bundle with every product once. The push's retried job finds the products written before the kill but not
// yet recorded already ours, and records them without writing them again: every product holds our copy, none
// is skipped and none got more than one productUpdate.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { z } from 'zod';
import type { FunctionResponse } from '../../src/common/contract/functions';
import { findFreePort } from '../../src/server/db/embedded';
import { answerOf } from '../support/answers';
import { embeddedServerOf, killPostmaster, queryEmbedded } from '../support/embedded-app-database';
import { type FakeShopify, startFakeShopify } from '../support/fake-shopify';
import { type HttpUser, signUpOverHttp } from '../support/http-user';
import { expectPushLanded } from '../support/push-landed';
import { shopifyCatalogue } from '../support/store-catalogues';
import { productInputOf } from '../support/store-requests';
import { waitUntil } from '../support/wait-until';
import { spawnServerProcess, stopWorkerProcess, type WorkerProcess } from '../support/worker-process';

const TOKEN = 'shpat_database_kill_test_token_0123456789';
/** The ring and 60 totes: 61 products and 64 records (the ring has four variants), seven pages of ten. */
const EXTRA_PRODUCTS = 60;
const RECORDS = EXTRA_PRODUCTS + 4;
const FIELDS = ['description', 'seo_title', 'seo_description'] as const;
/** Mid-chunk (a push writes ten Shopify products a chunk), so the kill lands between a write and its record. */
const KILL_AFTER_UPDATES = 25;
/** The request's and the job's productsCount, then three pages of products; the fourth page waits. */
const IMPORT_CALLS_BEFORE_HOLD = 5;
const PAGES_BEFORE_KILL = 3;
const RECOVERY_LIMIT_MS = 45_000;

let importFake: FakeShopify;
let pushSetupFake: FakeShopify;
let pushFake: FakeShopify;
let dataDir: string;
let server: WorkerProcess;
let user: HttpUser;
const problems: string[] = [];

beforeAll(async () => {
  importFake = await startFakeShopify(shopifyCatalogue(EXTRA_PRODUCTS), {
    accessToken: TOKEN,
    bucketSize: 1e9,
    restoreRate: 1e9,
  });
  // As in store-push-kill.test.ts: two fakes over the same products, a generous one to import from (a page
  // of the catalogue costs more than the small bucket holds) and the one pushed to, whose bucket refills
  // slowly: a productUpdate costs 10 points, so about four products a second once the bucket is spent.
  const catalogue = shopifyCatalogue(EXTRA_PRODUCTS);
  pushSetupFake = await startFakeShopify(catalogue, {
    accessToken: TOKEN,
    bucketSize: 1e9,
    restoreRate: 1e9,
  });
  pushFake = await startFakeShopify(catalogue, { accessToken: TOKEN, bucketSize: 150, restoreRate: 40 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'copyloom-store-kill-'));
  const port = await findFreePort();
  const baseUrl = `http://localhost:${port}`;
  server = spawnServerProcess('server', {
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    AUTH_SECRET: 'store-database-kill-test-secret-long-enough',
    ALLOW_PRIVATE_STORE_HOSTS: [importFake, pushSetupFake, pushFake].map((fake) => fake.hostPort).join(','),
    WORKER_CONCURRENCY: '2',
    // Jobs whose release was lost with the database are taken back after this long.
    WORKER_DEAD_AFTER_SECONDS: '10',
    LOG_LEVEL: 'info',
  });
  server.child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (/"level":[4-6]0/.test(line)) problems.push(line);
  });
  await server.ready;
  user = await signUpOverHttp(baseUrl);
}, 120_000);

afterAll(async () => {
  if (server) await stopWorkerProcess(server);
  await Promise.all([importFake?.close(), pushSetupFake?.close(), pushFake?.close()]);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const reportOnFailure = () =>
  onTestFailed(() => {
    console.error(`--- server warnings and errors ---\n${problems.slice(-60).join('\n')}`);
  });

/**
 * SIGKILLs the postmaster, calls `atKill` at once (to note where the job stood, or to let it go on), then
 * waits for a new postmaster and for the app to answer 200 through it; returns how long that took.
 */
async function killDatabaseAndWaitForApp(atKill: () => void = () => {}): Promise<number> {
  const killedPid = await killPostmaster(dataDir);
  const killedAt = Date.now();
  atKill();
  // The killed postmaster's backends can serve a pooled connection for a moment, so a 200 counts only once a
  // new postmaster runs.
  await waitUntil(
    'the app answers 200 through a new postmaster',
    async () => {
      const { pid } = await embeddedServerOf(dataDir).catch(() => ({ pid: killedPid }));
      if (pid === killedPid) return false;
      return (await user.call('list-stores', {}).catch(() => null))?.status === 200;
    },
    { timeoutMs: RECOVERY_LIMIT_MS, intervalMs: 250 },
  );
  expect(server.isRunning(), 'the app process is still running').toBe(true);
  return Date.now() - killedAt;
}

async function connectStore(fake: FakeShopify): Promise<number> {
  const connected = await user.call('connect-store', {
    platform: 'shopify',
    store_url: fake.origin,
    access_token: TOKEN,
  });
  return (await answerOf('connect-store', connected)).store.id;
}

async function viewRun(bundle: FunctionResponse<'import-store'>) {
  const response = await user.call('view-bundle-workflow', {
    bundle_id: bundle.bundle_id,
    workflow_id: bundle.workflow_id,
  });
  return answerOf('view-bundle-workflow', response);
}

/** The import's end, done or failed, as view-bundle-workflow shows it; calls that fail mid-recovery are retried. */
async function waitForImportEnd(bundle: FunctionResponse<'import-store'>, timeoutMs: number) {
  return waitUntil(
    'the import has finished',
    async () => {
      const state = (await viewRun(bundle).catch(() => null))?.store_import;
      return state?.state === 'done' || state?.state === 'failed' ? state : null;
    },
    { timeoutMs, intervalMs: 250 },
  );
}

/** Each imported record's Shopify variant id, one per product row of the bundle. */
async function importedVariantIds(bundleId: number): Promise<string[]> {
  const rows = await queryEmbedded(
    dataDir,
    z.object({ remote_variant_id: z.string() }),
    `select s.remote_variant_id from products p join store_products s on s.product_id = p.id
     where p.bundle_id = $1`,
    [bundleId],
  );
  return rows.map((row) => row.remote_variant_id);
}

const variantIdsOf = (fake: FakeShopify) =>
  fake.products.flatMap((p) => p.variants.map((v) => `gid://shopify/ProductVariant/${v.id}`)).sort();

/** A Shopify gid or a bare id, as the number the fake keys its products by. */
const numericId = (id: string) => Number(/(\d+)$/.exec(id)?.[1] ?? Number.NaN);

describe('the embedded PostgreSQL killed under a store job', () => {
  it('mid-import: the import finishes done and the bundle holds every product exactly once', {
    timeout: 180_000,
  }, async () => {
    reportOnFailure();
    const storeId = await connectStore(importFake);
    const release = importFake.holdAfter(IMPORT_CALLS_BEFORE_HOLD);
    let firstPagesBefore = 0;
    let recoveredMs = 0;
    let bundle: FunctionResponse<'import-store'> | undefined;
    try {
      bundle = await answerOf(
        'import-store',
        await user.call('import-store', { store_id: storeId, bundle_name: 'Killed mid-import' }),
      );
      const { bundle_id: bundleId } = bundle;
      const progress = z.object({ state: z.string(), products_read: z.number() });
      await waitUntil(
        `the import has read ${PAGES_BEFORE_KILL} pages`,
        async () => {
          const [row] = await queryEmbedded(
            dataDir,
            progress,
            'select state, products_read from store_imports where bundle_id = $1',
            [bundleId],
          );
          return row?.state === 'running' && row.products_read >= PAGES_BEFORE_KILL * 10;
        },
        { timeoutMs: 60_000, intervalMs: 100 },
      );
      firstPagesBefore = firstPageReads(importFake);
      // The held page goes through once the database is gone: the reader's next write meets no database.
      recoveredMs = await killDatabaseAndWaitForApp(release);
    } finally {
      release();
    }

    const done = await waitForImportEnd(bundle, 120_000);
    expect(done).toMatchObject({ state: 'done', method: 'pages', products: RECORDS, error: null });
    // The killed attempt never reached the end; the retry read the catalogue again from its first page.
    expect(firstPageReads(importFake), 'the catalogue was read again from the start').toBeGreaterThan(
      firstPagesBefore,
    );
    const imported = await importedVariantIds(bundle.bundle_id);
    expect(imported).toHaveLength(RECORDS);
    expect(imported.sort()).toEqual(variantIdsOf(importFake));
    console.info(
      `store import: the database was killed after ${PAGES_BEFORE_KILL} pages; the app answered again ${recoveredMs} ms later and the import finished with ${imported.length} records, each once`,
    );
  });

  it('mid-push: the push finishes done, every product holds our copy, none skipped or written twice', {
    timeout: 240_000,
  }, async () => {
    reportOnFailure();
    const storeId = await connectStore(pushSetupFake);
    const bundle = await answerOf(
      'import-store',
      await user.call('import-store', { store_id: storeId, bundle_name: 'Killed mid-push' }),
    );
    expect(await waitForImportEnd(bundle, 60_000)).toMatchObject({ state: 'done', products: RECORDS });
    // The built-in writer's run to its end, so that nothing else writes the copy set below.
    await waitUntil(
      'the run is written',
      async () => {
        const { totals } = await viewRun(bundle);
        return totals.total > 0 && totals.done + totals.failed === totals.total;
      },
      { timeoutMs: 90_000, intervalMs: 250 },
    );
    // Copy that differs from the store's in every field, approved, as the bench (bench/push.ts) sets it; from
    // here the store is the slow fake (the same products behind another port).
    const runId = bundle.bundle_workflow_id;
    await queryEmbedded(
      dataDir,
      z.unknown(),
      `update bundle_workflow_products
       set description = 'Database kill copy for product ' || id || '. Hard-wearing and made to last.',
           page_title = 'Database kill title ' || id, meta_description = 'Database kill meta description ' || id,
           review_state = 'approved'
       where bundle_workflow_id = $1`,
      [runId],
    );
    await queryEmbedded(dataDir, z.unknown(), 'update stores set store_url = $1 where id = $2', [
      pushFake.origin,
      storeId,
    ]);
    const callsBeforePush = pushFake.calls.length;
    const pushUpdates = () =>
      pushFake.calls
        .slice(callsBeforePush)
        .filter((call) => !call.throttled && call.query.includes('productUpdate'))
        .map((call) => numericId(productInputOf(call).id));
    const push = await answerOf(
      'push-to-store',
      await user.call('push-to-store', { bundle_workflow_id: runId, store_id: storeId, fields: [...FIELDS] }),
    );
    const journalRow = z.object({ remote_product_id: z.string(), field: z.string(), after: z.string() });
    const journal = () =>
      queryEmbedded(
        dataDir,
        journalRow,
        'select remote_product_id, field, after from store_push_items where push_id = $1',
        [push.push_id],
      );
    const items = await journal();
    const productCount = pushFake.products.length;
    expect(productCount).toBe(EXTRA_PRODUCTS + 1);
    expect(items).toHaveLength(productCount * FIELDS.length);

    await waitUntil('the push has written some products', () => pushUpdates().length >= KILL_AFTER_UPDATES, {
      timeoutMs: 60_000,
      intervalMs: 20,
    });
    let writtenAtKill = new Set<number>();
    const recoveredMs = await killDatabaseAndWaitForApp(() => {
      writtenAtKill = new Set(pushUpdates());
    });

    let view: FunctionResponse<'view-push'> | undefined;
    await waitUntil(
      'the push has finished',
      async () => {
        const response = await user.call('view-push', { push_id: push.push_id }).catch(() => null);
        if (response?.status !== 200) return false;
        view = await answerOf('view-push', response);
        return view.state === 'done' || view.state === 'failed';
      },
      { timeoutMs: 120_000, intervalMs: 250 },
    );
    expect(view).toMatchObject({ state: 'done', failed: 0, skipped: 0 });
    expect(view!.done).toBe(items.length);
    expect(view!.results.filter((result) => result.status !== 'written')).toEqual([]);

    // Every product holds our values, and got one productUpdate, before the kill and after it together: none
    // twice, none left out.
    expectPushLanded(pushFake, await journal(), pushUpdates(), productCount);
    expect(writtenAtKill.size, 'the kill came mid-push').toBeLessThan(productCount);
    // The crash window itself: products the store held at the kill whose journal rows were written only after
    // the new postmaster started (no backend of the killed one can commit then), so by the retried job, which
    // found them already ours and recorded them without the second productUpdate counted above.
    const recordedAfterRestart = await queryEmbedded(
      dataDir,
      z.object({ remote_product_id: z.string() }),
      `select distinct remote_product_id from store_push_items
       where push_id = $1 and written_at > pg_postmaster_start_time()`,
      [push.push_id],
    );
    const unrecordedAtKill = recordedAfterRestart.filter((row) =>
      writtenAtKill.has(numericId(row.remote_product_id)),
    );
    expect(unrecordedAtKill.length, 'the kill left writes the journal had not recorded').toBeGreaterThan(0);
    console.info(
      `store push: the database was killed after ${writtenAtKill.size} of ${productCount} products were written (${unrecordedAtKill.length} not yet recorded); the app answered again ${recoveredMs} ms later and the push finished with ${productCount} products written once each`,
    );
  });
});

/** How often the import read the catalogue's first page (a products query with no cursor). */
function firstPageReads(fake: FakeShopify): number {
  return fake.calls.filter(
    (call) => !call.throttled && /\bproducts\(first:/.test(call.query) && !call.variables.after,
  ).length;
}
