// Waits a store asks for have a ceiling (MAX_STORE_WAIT_MS, 60 s): a store answering 429 with
// Retry-After: 100000 is not waited for. connect-store answers at once with a 400 naming the wait; a push or an
// import whose store starts answering so ends failed with that message instead of holding a worker slot;
// a wait past the ceiling but not absurd leaves the job to the queue's retry, which then finishes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { type FakeShopify, startFakeShopify } from '../support/fake-shopify';
import { type FakeWooCommerce, startFakeWooCommerce } from '../support/fake-woocommerce';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { shopifyCatalogue, wooCommerceCatalogue } from '../support/store-catalogues';
import { storeImportOf } from '../support/store-import';
import { setupTestApp } from '../support/test-app';
import { waitForPush } from '../support/wait-for-push';
import { waitUntil } from '../support/wait-until';

const TOKEN = 'shpat_store_waits_token_0123456789';
const KEY = { consumer_key: 'ck_waits', consumer_secret: 'cs_waits' };
const ABSURD_WAIT_S = 100_000;
const WAIT_NAMED = /The store asked us to wait 100000 s \(over our 60 s limit\); try again later\./;

let shopify: FakeShopify;
let woo: FakeWooCommerce;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  shopify = await startFakeShopify(shopifyCatalogue(3), { accessToken: TOKEN });
  woo = await startFakeWooCommerce(wooCommerceCatalogue(3), {
    consumerKey: KEY.consumer_key,
    consumerSecret: KEY.consumer_secret,
  });
});
afterAll(async () => {
  await Promise.all([shopify?.close(), woo?.close()]);
});

const t = setupTestApp({
  env: () => ({ ALLOW_PRIVATE_STORE_HOSTS: `${shopify.hostPort},${woo.hostPort}` }),
});
beforeAll(async () => {
  worker = await startTestWorker(t.app, 2);
});
// Registered after setupTestApp's, so it runs before the database is dropped.
afterAll(() => worker?.stop());

const connectShopify = () =>
  t.call('connect-store', { platform: 'shopify', store_url: shopify.origin, access_token: TOKEN });
const connectWoo = () => t.call('connect-store', { platform: 'woocommerce', store_url: woo.origin, ...KEY });

/** A WooCommerce store imported, its copy written and all of it approved: ready to push. */
async function wooReadyToPush(): Promise<{ bundleWorkflowId: number; storeId: number }> {
  const connected = await connectWoo();
  expect(connected.status).toBe(200);
  const imported = await t.call('import-store', {
    store_id: connected.data.store.id,
    bundle_name: 'Waits push',
  });
  expect(imported.status).toBe(200);
  const run = await waitForRun(t.app, t.user.token, imported.data.bundle_id, imported.data.workflow_id);
  await t.call('set-product-review', {
    bundle_workflow_product_ids: run.products.map((p) => p.id),
    review: 'approved',
  });
  return { bundleWorkflowId: imported.data.bundle_workflow_id, storeId: connected.data.store.id };
}

/**
 * How many requests push-to-store's own preview makes of the store (it reads the live values before it
 * journals): a preview-push, counted. The job's requests come after these.
 */
async function requestsOfPreview(request: { bundleWorkflowId: number; storeId: number }): Promise<number> {
  const before = woo.requests.length;
  const preview = await t.call('preview-push', {
    bundle_workflow_id: request.bundleWorkflowId,
    store_id: request.storeId,
  });
  expect(preview.data.changes.length).toBeGreaterThan(0);
  return woo.requests.length - before;
}

async function jobAttemptsOf(pushId: number): Promise<number> {
  const { rows } = await t.app.database.pool.query<{ attempts: number }>(
    'select attempts from graphile_worker.jobs where key = $1',
    [`push-to-store:${pushId}`],
  );
  return rows[0]?.attempts ?? 0;
}

describe('connect-store when the store asks for a wait past the ceiling', () => {
  it.each(['shopify', 'woocommerce'] as const)(
    '%s: answers 400 at once, naming the wait',
    async (platform) => {
      const stop = (platform === 'shopify' ? shopify : woo).rateLimitAfter(0, ABSURD_WAIT_S);
      try {
        const started = performance.now();
        const answer = platform === 'shopify' ? await connectShopify() : await connectWoo();
        const elapsedMs = performance.now() - started;
        console.log(
          `connect-store (${platform}, Retry-After: ${ABSURD_WAIT_S}): ${answer.status} in ${elapsedMs.toFixed(0)} ms`,
        );
        expect(answer.status).toBe(400);
        expect(answer.error?.message).toMatch(/^The store is busy: /);
        expect(answer.error?.message).toMatch(WAIT_NAMED);
        expect(elapsedMs).toBeLessThan(90_000);
      } finally {
        stop();
      }
    },
  );
});

describe('a job whose store asks for a wait past the ceiling', () => {
  it('a push to a store that starts answering Retry-After: 100000 ends failed with the wait named', async () => {
    const { bundleWorkflowId, storeId } = await wooReadyToPush();
    const stop = woo.rateLimitAfter(await requestsOfPreview({ bundleWorkflowId, storeId }), ABSURD_WAIT_S);
    try {
      const started = performance.now();
      const push = await t.call('push-to-store', { bundle_workflow_id: bundleWorkflowId, store_id: storeId });
      expect(push.status).toBe(200);
      const view = await waitForPush(t, push.data.push_id, { timeoutMs: 30_000 });
      console.log(
        `push (Retry-After: ${ABSURD_WAIT_S}): ${view.state} in ${(performance.now() - started).toFixed(0)} ms`,
      );
      expect(view.state).toBe('failed');
      expect(view.error).toMatch(WAIT_NAMED);
      expect(view.done).toBe(0);
      // Failed on its first attempt: a wait of over a day is not retried.
      expect(await jobAttemptsOf(push.data.push_id)).toBeLessThanOrEqual(1);
    } finally {
      stop();
    }
  }, 60_000);

  it('a push asked to wait past the ceiling but not absurdly is retried by the queue, not slept, and finishes', async () => {
    const { bundleWorkflowId, storeId } = await wooReadyToPush();
    const previewRequests = await requestsOfPreview({ bundleWorkflowId, storeId });
    const requestsBefore = woo.requests.length;
    const stop = woo.rateLimitAfter(previewRequests, 120);
    const started = performance.now();
    const push = await t.call('push-to-store', { bundle_workflow_id: bundleWorkflowId, store_id: storeId });
    expect(push.status).toBe(200);
    // The first attempt meets the 429 and gives its slot back; the store is fine again for the retry.
    await waitUntil(
      'the store to have answered the push job with a 429',
      () => woo.requests.length > requestsBefore + previewRequests,
    );
    stop();
    const view = await waitForPush(t, push.data.push_id, { timeoutMs: 50_000 });
    const elapsedMs = performance.now() - started;
    console.log(`push (Retry-After: 120, then fine): ${view.state} in ${elapsedMs.toFixed(0)} ms`);
    expect(view).toMatchObject({ state: 'done', error: null, failed: 0 });
    expect(view.done).toBeGreaterThan(0);
    expect(elapsedMs).toBeLessThan(60_000);
  }, 90_000);

  it('an import whose store starts answering Retry-After: 100000 in the job ends failed with the wait named', async () => {
    const connected = await connectShopify();
    expect(connected.status).toBe(200);
    // import-store's own read (the product count) passes; the job's first read is refused.
    const stop = shopify.rateLimitAfter(1, ABSURD_WAIT_S);
    try {
      const started = performance.now();
      const imported = await t.call('import-store', {
        store_id: connected.data.store.id,
        bundle_name: 'Waits import',
      });
      expect(imported.status).toBe(200);
      const view = await waitUntil(
        'the import to end',
        async () => {
          const row = await storeImportOf(t, imported.data.bundle_id);
          return row.state === 'done' || row.state === 'failed' ? row : null;
        },
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      console.log(
        `import (Retry-After: ${ABSURD_WAIT_S}): ${view.state} in ${(performance.now() - started).toFixed(0)} ms`,
      );
      expect(view.state).toBe('failed');
      expect(view.error).toMatch(WAIT_NAMED);
    } finally {
      stop();
    }
  }, 60_000);
});
