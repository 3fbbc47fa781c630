// Push bench: push-to-store of 2,000 approved products, through the app and its worker, to the
// Shopify fake with Shopify's Standard-plan bucket (1,000 points, 100 a second back) and to the WooCommerce
// fake in batches. Shopify: `push_vs_bucket` = points the fake charged per second of the push ÷ the bucket's
// rate, the 1,000 points the bucket starts with taken off first (so a short push cannot look better than
// the bucket allows). WooCommerce: `woo_push_vs_floor` = products pushed a second (from the push-to-store
// call to the push done) ÷ the floor of a bare client that reads each page of 100 and posts it as one batch,
// with no database and no journal, signed as ours is (OAuth 1.0a over plain http), run just before and
// just after ours and averaged; the load average is printed beside it, as the machine is shared. Both check that
// every product was written exactly once; the bench fails when it measured nothing. Each WooCommerce fake
// runs in a process of its own (support-woo-store.ts), as a real store is not in the app's process: the fake's
// CPU does not count against our push, nor against the floor's client, which is measured the same way.
// The catalogue is imported from a copy of the same fake with a bucket too big to matter (an import is not
// what is measured here), the copy is set in the database as the writer would leave it, and approved.
// The push writes description and SEO title and description (one productUpdate per Shopify product).
// `npx tsx bench/push.ts`; BENCH_PUSH_PRODUCTS sets the catalogue's size (2,000); the Shopify half takes
// about 400 s, as the bucket allows.
import os from 'node:os';
import { startWorker } from '../src/server/runner/start-worker';
import { type FakeShopify, startFakeShopify } from '../tests/support/fake-shopify';
import { shopifyCatalogue } from '../tests/support/store-catalogues';
import { signOAuth } from '../tests/support/woo-oauth';
import { type BenchApp, withBenchApp } from './support';
import { startWooStoreProcess, type WooStoreProcess } from './support-woo-store';

const PRODUCTS = Number(process.env.BENCH_PUSH_PRODUCTS ?? 2_000);
/** BENCH_PUSH_PLATFORMS=woocommerce (or shopify) runs one half only. */
const PLATFORMS = (process.env.BENCH_PUSH_PLATFORMS ?? 'shopify,woocommerce').split(',');
const RESTORE_RATE = 100;
const BUCKET_SIZE = 1_000;
const GOAL_VS_BUCKET = 0.9;
/**
 * Ours makes the floor's 2 store requests per 100 products (the reread right before writing, the batch): the
 * import's values stand as the journal's `before`, so push-to-store reads nothing (decision 028).
 */
const GOAL_VS_WOO_FLOOR = 0.8;
const FIELDS = ['description', 'seo_title', 'seo_description'];
const WOO_KEYS = { consumerKey: 'ck_bench', consumerSecret: 'cs_bench' };

const shopifyProducts = shopifyCatalogue(PRODUCTS - 1);
// Two fakes on one catalogue each: a generous one to import from, the measured one to push to.
const shopifySetup = await startFakeShopify(shopifyProducts, { restoreRate: 1e9, bucketSize: 1e9 });
const shopify = await startFakeShopify(shopifyProducts, {
  restoreRate: RESTORE_RATE,
  bucketSize: BUCKET_SIZE,
});
// Each WooCommerce store in a process of its own, as a real store is not in ours (support-woo-store.ts).
const woo = await startWooStoreProcess(PRODUCTS, WOO_KEYS);
const wooFloor = await startWooStoreProcess(PRODUCTS, WOO_KEYS);

async function ok<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url || 'call'} failed: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

async function until(what: string, check: () => Promise<boolean>, intervalMs = 200) {
  const timeoutMs = 15 * 60_000;
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Connects and imports the store, and leaves every product of the run with approved copy. */
async function importApproved(bench: BenchApp, connect: Record<string, unknown>) {
  const { store } = await ok<{ store: { id: number } }>(await bench.call('connect-store', connect));
  const imported = await ok<{ bundle_workflow_id: number }>(
    await bench.call('import-store', { store_id: store.id, bundle_name: `Push bench ${connect.platform}` }),
  );
  const runId = imported.bundle_workflow_id;
  const pool = bench.database.pool;
  // The import-store job reads the store; over 1,000 products the prepare-run job then writes the run's rows.
  await until('the run to be prepared', async () => {
    const { rows } = await pool.query<{ n: number }>(
      'select count(*)::int as n from bundle_workflow_products where bundle_workflow_id = $1',
      [runId],
    );
    return rows[0]!.n >= PRODUCTS;
  });
  await pool.query(
    `update bundle_workflow_products
     set description = 'Bench copy for product ' || id || '. Hard-wearing and made to last.',
         page_title = 'Bench title ' || id, meta_description = 'Bench meta description ' || id,
         review_state = 'approved'
     where bundle_workflow_id = $1`,
    [runId],
  );
  return { storeId: store.id, runId };
}

/** BENCH_MARKS=1 prints the monotonic clock (µs, as a CPU profile's timestamps) at each phase. */
const mark = (what: string) => {
  if (process.env.BENCH_MARKS) console.log(`MARK ${what} ${process.hrtime.bigint() / 1000n}`);
};

async function push(bench: BenchApp, storeId: number, runId: number) {
  mark('push');
  const started = performance.now();
  const { push_id } = await ok<{ push_id: number }>(
    await bench.call('push-to-store', { bundle_workflow_id: runId, store_id: storeId, fields: FIELDS }),
  );
  const journaled = performance.now();
  mark('journaled');
  type View = { state: string; done: number; failed: number; skipped: number };
  // The push's state straight from its row: view-push answers every field's result (6,000 here), and asking
  // for that every 50 ms would load the process the push runs in. view-push once, at the end, for the counts.
  await until(
    'the push to finish',
    async () => {
      const { rows } = await bench.database.pool.query<{ state: string }>(
        'select state from store_pushes where id = $1',
        [push_id],
      );
      return rows[0]?.state === 'done' || rows[0]?.state === 'failed';
    },
    20,
  );
  const seconds = (performance.now() - started) / 1000;
  mark('pushed');
  const view = await ok<View>(await bench.call('view-push', { push_id }));
  console.log(
    `push-to-store answered (preview read and journal written) after ${((journaled - started) / 1000).toFixed(1)} s; the job finished ${(seconds - (journaled - started) / 1000).toFixed(1)} s later`,
  );
  if (view.state !== 'done' || view.failed > 0 || view.skipped > 0 || view.done === 0) {
    throw new Error(`The push did not write everything: ${JSON.stringify(view)}`);
  }
  return { seconds, written: view.done };
}

/** Each product's writes, by id: exactly one each, or the bench fails. */
function checkWrittenOnce(what: string, ids: string[], expected: number) {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  const twice = [...counts].filter(([, count]) => count > 1);
  if (twice.length > 0) throw new Error(`${what}: ${twice.length} products written more than once`);
  if (counts.size !== expected) throw new Error(`${what}: ${counts.size} of ${expected} products written`);
}

async function benchShopify(bench: BenchApp, fake: FakeShopify) {
  const { storeId, runId } = await importApproved(bench, {
    platform: 'shopify',
    store_url: shopifySetup.origin,
    access_token: 'shpat_fake_token',
  });
  await shopifySetup.close();
  // The store is now the measured fake (the same catalogue behind another port).
  await bench.database.pool.query('update stores set store_url = $1 where id = $2', [fake.origin, storeId]);
  const before = fake.spent().points;
  const { seconds } = await push(bench, storeId, runId);
  const points = fake.spent().points - before;
  const updates = fake.calls.filter((call) => !call.throttled && call.query.includes('productUpdate'));
  checkWrittenOnce(
    'Shopify',
    updates.map((call) => String((call.variables.product as { id: string }).id)),
    PRODUCTS,
  );
  const throttled = fake.calls.filter((call) => call.throttled).length;
  const ratio = (points - BUCKET_SIZE) / seconds / RESTORE_RATE;
  console.log(
    `Shopify: ${PRODUCTS} products in ${seconds.toFixed(1)} s, ${points} points (${(points / seconds).toFixed(1)} a second, bucket ${RESTORE_RATE}/s and ${BUCKET_SIZE} to start), ${fake.calls.length} calls of which ${throttled} THROTTLED`,
  );
  console.log(`RESULT push_vs_bucket ${ratio.toFixed(3)} (goal >= ${GOAL_VS_BUCKET})`);
}

/** A request to the floor's store, signed as WooCommerce wants over plain http (OAuth 1.0a), as ours is. */
function floorRequest(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
  const url = new URL(`/wp-json/wc/v3${path}`, wooFloor.origin);
  signOAuth(method, url, WOO_KEYS.consumerKey, WOO_KEYS.consumerSecret);
  return fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function wooFloorRate(): Promise<number> {
  const ids = wooFloor.productIds;
  mark('floor');
  const started = performance.now();
  for (let start = 0; start < ids.length; start += 100) {
    const chunk = ids.slice(start, start + 100);
    await ok(await floorRequest('GET', `/products?include=${chunk.join(',')}&per_page=100&context=edit`));
    await ok(
      await floorRequest('POST', '/products/batch', {
        update: chunk.map((id) => ({
          id,
          description: `Floor copy ${id}`,
          meta_data: [
            { key: '_yoast_wpseo_title', value: `Floor title ${id}` },
            { key: '_yoast_wpseo_metadesc', value: `Floor meta ${id}` },
          ],
        })),
      }),
    );
  }
  mark('floored');
  return ids.length / ((performance.now() - started) / 1000);
}

async function benchWooCommerce(bench: BenchApp, fake: WooStoreProcess) {
  const { storeId, runId } = await importApproved(bench, {
    platform: 'woocommerce',
    store_url: fake.origin,
    consumer_key: WOO_KEYS.consumerKey,
    consumer_secret: WOO_KEYS.consumerSecret,
  });
  const floorBefore = await wooFloorRate();
  const from = await fake.requestCount();
  const { seconds, written } = await push(bench, storeId, runId);
  const { reads, batches, updatedIds } = await fake.requestsSince(from);
  checkWrittenOnce('WooCommerce', updatedIds, fake.storeItems);
  const ours = PRODUCTS / seconds;
  // The floor on both sides of our push, against a machine whose load drifts (other work shares its cores).
  const floor = (floorBefore + (await wooFloorRate())) / 2;
  console.log(
    `WooCommerce: ${PRODUCTS} products (${written} fields) in ${seconds.toFixed(1)} s, ${reads} reads and ${batches} batches; ${ours.toFixed(0)} products a second, floor ${floor.toFixed(0)} (load average ${os.loadavg()[0]!.toFixed(1)})`,
  );
  console.log(`RESULT woo_push_vs_floor ${(ours / floor).toFixed(3)} (goal >= ${GOAL_VS_WOO_FLOOR})`);
}

try {
  await withBenchApp(
    async (bench) => {
      const tasks = bench.services.queue.taskList;
      const worker = await startWorker({
        pool: bench.database.pool,
        concurrency: 2,
        // The run's copy is set by the bench: no generation, only importing, preparing the run and pushing.
        taskList: {
          'import-store': tasks['import-store']!,
          'prepare-run': tasks['prepare-run']!,
          'push-to-store': tasks['push-to-store']!,
        },
      });
      try {
        if (PLATFORMS.includes('shopify')) await benchShopify(bench, shopify);
        if (PLATFORMS.includes('woocommerce')) await benchWooCommerce(bench, woo);
      } finally {
        await worker.stop();
      }
    },
    { env: { ALLOW_PRIVATE_STORE_HOSTS: [shopifySetup, shopify, woo].map((f) => f.hostPort).join(',') } },
  );
} finally {
  await Promise.all([shopifySetup.close(), shopify.close(), woo.close(), wooFloor.close()]);
}
