// An import job reports progress: import-store answers at once with an empty bundle and run, and
// the import-store job reads the catalogue. While it reads, view-bundle-workflow shows the products read of
// the store's count and no run can start on the bundle; then the bundle holds exactly the paged import's
// products. Over SHOPIFY_BULK_THRESHOLD products (60 here) Shopify is read with one bulk operation, whose
// products equal the paged read's; another bulk query running on the shop is waited for; a FAILED operation
// fails the import with its errorCode; two attempts of one import (a retry while the first still runs) fill
// the bundle once; the 50,000-product limit holds, at the request and while reading.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_LIMITS } from '../../src/common/contract/constants';
import { runImport } from '../../src/server/domain/stores/run-import';
import { readShopifyPages } from '../../src/server/domain/stores/shopify/shopify-catalogue';
import { type FakeShopify, startFakeShopify } from '../support/fake-shopify';
import { startTestWorker, viewRun, waitForRun } from '../support/pipeline';
import { shopifyCatalogue } from '../support/store-catalogues';
import { importedRows, importStoreNow, storeImportOf } from '../support/store-import';
import { setupTestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';

const TOKEN = 'shpat_import_job_test_token_0123456789';
const BULK_THRESHOLD = 60;
/** The ring (4 variants) and 60 totes: 61 products, 64 records, seven pages of ten. */
const EXTRA = 60;
const RECORDS = 64;

/** Under the threshold: the ring and 40 totes, 44 records, read by pages of ten. */
const SMALL_EXTRA = 40;
const SMALL_RECORDS = 44;

let shopify: FakeShopify;
let small: FakeShopify;
let big: FakeShopify;
beforeAll(async () => {
  // A generous bucket: two readers at once are not slowed by throttling (connected-stores tests it).
  shopify = await startFakeShopify(shopifyCatalogue(EXTRA), {
    accessToken: TOKEN,
    bucketSize: 1e9,
    restoreRate: 1e9,
  });
  small = await startFakeShopify(shopifyCatalogue(SMALL_EXTRA), { accessToken: TOKEN });
  // Under the limit by products, over it by variants: 25,001 products, each but the ring with two variants.
  const catalogue = shopifyCatalogue(25_000);
  for (const product of catalogue.slice(1)) {
    product.variants.push({ ...product.variants[0]!, id: product.variants[0]!.id + 100_000, sku: 'second' });
  }
  big = await startFakeShopify(catalogue, { accessToken: TOKEN, bucketSize: 1e9, restoreRate: 1e9 });
});
afterAll(async () => {
  await Promise.all([shopify?.close(), small?.close(), big?.close()]);
});

const t = setupTestApp({
  env: () => ({
    ALLOW_PRIVATE_STORE_HOSTS: `${shopify.hostPort},${small.hostPort},${big.hostPort}`,
    SHOPIFY_BULK_THRESHOLD: String(BULK_THRESHOLD),
  }),
});

const connect = async (fake: FakeShopify = shopify) => {
  const answer = await t.call('connect-store', {
    platform: 'shopify',
    store_url: fake.origin,
    access_token: TOKEN,
  });
  expect(answer.status, JSON.stringify(answer.error)).toBe(200);
  return answer.data.store.id;
};
/** The access the app's worker has, reading by pages whatever the catalogue's size. */
const pagesOnly = () => ({ ...t.app.services.stores, shopifyBulkThreshold: Number.MAX_SAFE_INTEGER });

describe('import-store as a job', () => {
  it('shows the products read while the job runs, refuses a run meanwhile, then shows the bundle', {
    timeout: 60_000,
  }, async () => {
    const storeId = await connect(small);
    // The request's count and the job's count, then two pages; the third page waits until released.
    const release = small.holdAfter(4);
    const worker = await startTestWorker(t.app, 1);
    try {
      const imported = await t.call('import-store', { store_id: storeId, bundle_name: 'Watched import' });
      expect(imported.status, JSON.stringify(imported.error)).toBe(200);
      const { bundle_id: bundleId, workflow_id: workflowId } = imported.data;
      const view = () => viewRun(t.app, t.user.token, bundleId, workflowId);
      const midway = await waitUntil('the job has read two pages', async () => {
        const run = await view();
        return run.store_import?.products_read === 20 ? run : null;
      });
      expect(midway.store_import).toMatchObject({
        state: 'running',
        method: 'pages',
        products_total: SMALL_EXTRA + 1,
        products: null,
        error: null,
      });
      expect(midway.totals.total).toBe(0);
      const start = await t.call('new-bundle-workflow', { bundle_id: bundleId, workflow_id: workflowId });
      expect(start.status).toBe(400);
      expect(start.error?.message).toMatch(/still being imported/);
      release();
      const run = await waitForRun(t.app, t.user.token, bundleId, workflowId);
      expect(run.store_import).toMatchObject({
        state: 'done',
        products: SMALL_RECORDS,
        products_read: SMALL_EXTRA + 1,
      });
      expect(run.totals.total).toBe(SMALL_RECORDS);
      expect(await importedRows(t, bundleId)).toHaveLength(SMALL_RECORDS);
    } finally {
      release();
      await worker.stop();
    }
  });

  it('reads a catalogue over the threshold with one bulk operation, giving the products the pages give', async () => {
    const storeId = await connect();
    const operationsBefore = shopify.bulk.operations.length;
    const bulk = await importStoreNow(t, { store_id: storeId, bundle_name: 'By bulk' });
    expect(bulk.status).toBe(200);
    expect(bulk.data.store_import).toMatchObject({ state: 'done', method: 'bulk', products: RECORDS });
    expect(shopify.bulk.operations.length).toBe(operationsBefore + 1);
    expect(shopify.bulk.operations.at(-1)!.status).toBe('COMPLETED');

    const paged = await t.call('import-store', { store_id: storeId, bundle_name: 'By pages' });
    const pagedImport = await storeImportOf(t, paged.data.bundle_id);
    await runImport(t.app.services.db, pagesOnly(), pagedImport.id);
    expect(await storeImportOf(t, paged.data.bundle_id)).toMatchObject({ state: 'done', method: 'pages' });
    expect(shopify.bulk.operations.length).toBe(operationsBefore + 1);

    const byBulk = await importedRows(t, bulk.data.bundle_id);
    expect(byBulk).toHaveLength(RECORDS);
    expect(byBulk).toEqual(await importedRows(t, paged.data.bundle_id));
  });

  it('waits for another bulk query running on the store to end, then runs its own', async () => {
    const storeId = await connect();
    // Another bulk query on the shop (a second import of it, or another tool), still running.
    const other = await fetch(`${shopify.origin}/admin/api/${shopify.apiVersion}/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': TOKEN },
      body: JSON.stringify({
        query:
          'mutation { bulkOperationRunQuery(query: "{ products { edges { node { id } } } }") { bulkOperation { id } } }',
      }),
    });
    expect(other.status).toBe(200);
    const before = shopify.bulk.operations.length;
    expect(shopify.bulk.operations.at(-1)!.status).toBe('CREATED');
    const imported = await importStoreNow(t, { store_id: storeId, bundle_name: 'After the other' });
    expect(imported.data.store_import).toMatchObject({ state: 'done', method: 'bulk', products: RECORDS });
    expect(shopify.bulk.operations).toHaveLength(before + 1);
    expect(shopify.bulk.operations.slice(-2).map((operation) => operation.status)).toEqual([
      'COMPLETED',
      'COMPLETED',
    ]);
  });

  it('fails the import with the errorCode of a FAILED bulk operation, and keeps runs off the bundle', async () => {
    const storeId = await connect();
    shopify.bulk.failNext('INTERNAL_SERVER_ERROR');
    const failed = await importStoreNow(t, { store_id: storeId, bundle_name: 'Failed bulk' });
    expect(failed.data.store_import).toMatchObject({ state: 'failed', products: null });
    expect(failed.data.store_import.error).toMatch(/FAILED \(INTERNAL_SERVER_ERROR\)/);
    const run = await viewRun(t.app, t.user.token, failed.data.bundle_id, failed.data.workflow_id);
    expect(run.store_import?.state).toBe('failed');
    const start = await t.call('new-bundle-workflow', {
      bundle_id: failed.data.bundle_id,
      workflow_id: failed.data.workflow_id,
    });
    expect(start.status).toBe(400);
    expect(await importedRows(t, failed.data.bundle_id)).toEqual([]);
  });

  it('fills the bundle once when a retry runs beside an attempt still reading', async () => {
    const storeId = await connect();
    const answer = await t.call('import-store', { store_id: storeId, bundle_name: 'Two attempts' });
    const { id } = await storeImportOf(t, answer.data.bundle_id);
    // The first attempt reads two pages and waits; the retry starts while it waits, and both go on together.
    const release = shopify.holdAfter(3);
    const first = runImport(t.app.services.db, pagesOnly(), id);
    await waitUntil('the first attempt has read a page', async () => {
      return (await storeImportOf(t, answer.data.bundle_id)).products_read >= 10;
    });
    const retry = runImport(t.app.services.db, pagesOnly(), id, { attempt: 2, maxAttempts: 5 });
    release();
    await Promise.all([first, retry]);
    expect(await storeImportOf(t, answer.data.bundle_id)).toMatchObject({ state: 'done', products: RECORDS });
    const rows = await importedRows(t, answer.data.bundle_id);
    expect(rows).toHaveLength(RECORDS);
    expect(new Set(rows.map((row) => row.remote_variant_id)).size).toBe(RECORDS);
    const { rows: runRows } = await t.app.services.db.execute<{ n: number }>(
      sql`select count(*)::int as n from bundle_workflow_products where bundle_workflow_id = ${answer.data.bundle_workflow_id}`,
    );
    expect(runRows[0]!.n).toBe(RECORDS);
  });
});

describe('the 50,000-product limit', () => {
  it('fails an import whose variants pass the limit while the bulk result is read', {
    timeout: 120_000,
  }, async () => {
    const storeId = await connect(big);
    const imported = await importStoreNow(t, { store_id: storeId, bundle_name: 'Too many variants' });
    expect(imported.status).toBe(200);
    expect(imported.data.store_import).toMatchObject({ state: 'failed', method: 'bulk', products: null });
    expect(imported.data.store_import.error).toContain(`more than ${BUNDLE_LIMITS.maxProducts} products`);
    expect(await importedRows(t, imported.data.bundle_id)).toEqual([]);
  });

  it('stops a paged read once the records pass the limit it is given', async () => {
    const store = await connect();
    const { rows } = await t.app.services.db.execute<{ store_url: string }>(
      sql`select store_url from stores where id = ${store}`,
    );
    const connection = { url: new URL(rows[0]!.store_url), accessToken: TOKEN, network: pagesOnly().network };
    const callsBefore = shopify.calls.length;
    await expect(readShopifyPages(connection, { maxProducts: 15 })).rejects.toThrow(/more than 15 products/);
    // It stopped at the page that passed 15 records (the second), not at the end of the catalogue.
    expect(shopify.calls.length - callsBefore).toBe(2);
  });

  it('refuses at the request a store that counts more products than a bundle holds', async () => {
    big.products.push(
      ...shopifyCatalogue(BUNDLE_LIMITS.maxProducts - 25_000)
        .slice(1)
        .map((p) => ({ ...p, id: p.id + 1_000_000 })),
    );
    const storeId = await connect(big);
    const answer = await t.call('import-store', { store_id: storeId, bundle_name: 'Far too many' });
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toContain(`more than ${BUNDLE_LIMITS.maxProducts} products`);
  });
});

describe('import-store with an Idempotency-Key', () => {
  it('answers a repeat with the same bundle and queues one import, in its store’s job queue', async () => {
    const storeId = await connect(small);
    const body = { store_id: storeId, bundle_name: 'Once only' };
    const headers = { 'idempotency-key': 'import-once-0001' };
    const first = await t.call('import-store', body, headers);
    const again = await t.call('import-store', body, headers);
    expect(first.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
    const { rows } = await t.app.services.db.execute<{ n: number; jobs: number; queues: string[] }>(sql`
      with jobs as (
        select q.queue_name from graphile_worker._private_jobs j
        join graphile_worker._private_tasks k on k.id = j.task_id
        left join graphile_worker._private_job_queues q on q.id = j.job_queue_id
        where k.identifier = 'import-store' and j.payload->>'importId' =
          (select i.id::text from store_imports i where i.bundle_id = ${first.data.bundle_id}))
      select (select count(*)::int from store_imports i join bundles b on b.id = i.bundle_id
              where b.name = 'Once only') as n,
             (select count(*)::int from jobs) as jobs,
             (select array_agg(queue_name) from jobs) as queues`);
    // One job in flight per store: its job queue is the store's (decision 020).
    expect(rows[0]).toEqual({ n: 1, jobs: 1, queues: [`stores:${storeId}`] });
  });
});
