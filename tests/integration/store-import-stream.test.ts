// A Shopify bulk result of 50,000 products, each with its variant and two images (200,000 lines, over 150 MB),
// is made line by line by the fake as it is sent (every product first, then every child, as groupObjects:
// false allows) and imported by a real worker process (src/server/main/worker.ts) whose V8 heap is capped
// far below the file's size: holding the file, or the catalogue rebuilt from it, would end that process. The
// worker's peak resident memory (VmHWM, Linux) is read when the import is done and held under a bound.
// A line longer than MAX_BULK_LINE_BYTES is refused, naming it, and nothing is imported.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { BUNDLE_LIMITS } from '../../src/common/contract/constants';
import { MAX_BULK_LINE_BYTES } from '../../src/server/domain/stores/shopify/shopify-bulk-lines';
import { type FakeShopify, startFakeShopify } from '../support/fake-shopify';
import { importedRows, importStoreNow, storeImportOf } from '../support/store-import';
import { setupTestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';
import {
  killAllWorkerProcesses,
  spawnWorkerProcess,
  stopWorkerProcess,
  type WorkerProcess,
} from '../support/worker-process';

const TOKEN = 'shpat_import_stream_test_token_0123456789';
const AUTH_SECRET = 'import-stream-test-secret-that-is-long-enough';
const PRODUCTS = BUNDLE_LIMITS.maxProducts;
/** Each product's description: 3,000 characters, so that the file is far bigger than the worker's heap. */
const DESCRIPTION_CHARS = 3_000;
/** The worker's V8 old space, in MB: less than the file alone, let alone the file parsed into objects. */
const HEAP_CAP_MB = 160;
/**
 * The worker's peak resident memory, in MB: its own code and libraries (about 190 MB idle under tsx), the
 * capped heap, and a chunk of 500 products in flight; the file alone is 186 MiB, the catalogue held as
 * objects several times that. Measured: 183 to 193 MB idle, 262 to 263 MB at the peak.
 */
const PEAK_RSS_MB = 400;

const gid = (kind: string, id: number) => `gid://shopify/${kind}/${id}`;
const description = (n: number) => `<p>Product ${n}: ${'a sturdy thing '.repeat(DESCRIPTION_CHARS / 15)}</p>`;

/** The file, a line at a time: every product, then every variant, then every image. */
function* catalogueLines(tooLong: boolean): Generator<string> {
  for (let n = 1; n <= PRODUCTS; n++) {
    yield JSON.stringify({
      id: gid('Product', n),
      handle: `product-${n}`,
      title: `Product ${n}`,
      descriptionHtml: tooLong && n === 3 ? 'x'.repeat(MAX_BULK_LINE_BYTES) : description(n),
      vendor: 'Acme',
      productType: 'Thing',
      tags: ['bulk'],
      status: 'ACTIVE',
      updatedAt: '2026-11-30T10:00:00Z',
      seo: { title: `Product ${n} | Acme`, description: null },
    });
  }
  for (let n = 1; n <= PRODUCTS; n++) {
    yield JSON.stringify({
      id: gid('ProductVariant', n),
      sku: `SKU-${n}`,
      barcode: null,
      price: '19.00',
      selectedOptions: [{ name: 'Title', value: 'Default Title' }],
      image: { url: `https://cdn.shopify.com/s/files/1/p${n}-a.jpg` },
      __parentId: gid('Product', n),
    });
  }
  for (const side of ['a', 'b']) {
    for (let n = 1; n <= PRODUCTS; n++) {
      yield JSON.stringify({
        id: gid('MediaImage', side === 'a' ? n : PRODUCTS + n),
        alt: `Product ${n}, side ${side}`,
        image: { url: `https://cdn.shopify.com/s/files/1/p${n}-${side}.jpg` },
        __parentId: gid('Product', n),
      });
    }
  }
}

let whole: FakeShopify;
let broken: FakeShopify;
beforeAll(async () => {
  const fast = { accessToken: TOKEN, bucketSize: 1e9, restoreRate: 1e9, bulkPollsUntilDone: 1 };
  whole = await startFakeShopify([], {
    ...fast,
    bulkFile: { roots: PRODUCTS, lines: () => catalogueLines(false) },
  });
  broken = await startFakeShopify([], {
    ...fast,
    bulkFile: { roots: PRODUCTS, lines: () => catalogueLines(true) },
  });
});
afterAll(async () => {
  await Promise.all([whole?.close(), broken?.close()]);
});

const t = setupTestApp({
  env: () => ({ AUTH_SECRET, ALLOW_PRIVATE_STORE_HOSTS: `${whole.hostPort},${broken.hostPort}` }),
});
const children: WorkerProcess[] = [];
// Registered after setupTestApp's, so it runs before the database is dropped.
afterAll(async () => {
  killAllWorkerProcesses();
  await Promise.all(children.map((worker) => worker.exited));
});

const connect = async (fake: FakeShopify) => {
  const answer = await t.call('connect-store', {
    platform: 'shopify',
    store_url: fake.origin,
    access_token: TOKEN,
  });
  expect(answer.status).toBe(200);
  return answer.data.store.id;
};

/** A /proc/<pid>/status line, in MB. */
const procMb = (pid: number, field: 'VmHWM' | 'VmRSS') => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? Number.NaN) / 1024;
};

describe('a bulk result of 50,000 products', () => {
  it('is imported whole by a worker whose memory stays bounded', { timeout: 600_000 }, async () => {
    onTestFailed(() => {
      for (const worker of children) console.error(`--- ${worker.name} ---\n${worker.output.join('')}`);
    });
    const storeId = await connect(whole);
    const worker = spawnWorkerProcess('worker (heap capped)', {
      NODE_ENV: 'test',
      NODE_OPTIONS: `--max-old-space-size=${HEAP_CAP_MB}`,
      DATABASE_URL: t.app.database.url,
      AUTH_SECRET,
      ALLOW_PRIVATE_STORE_HOSTS: whole.hostPort,
      WORKER_CONCURRENCY: '1',
    });
    children.push(worker);
    await worker.ready;
    const pid = worker.child.pid!;
    const idleMb = procMb(pid, 'VmRSS');
    const started = Date.now();
    const imported = await t.call('import-store', { store_id: storeId, bundle_name: 'Fifty thousand' });
    expect(imported.status).toBe(200);
    const bundleId = imported.data.bundle_id;
    const done = await waitUntil(
      'the worker has finished the import',
      async () => {
        const state = await storeImportOf(t, bundleId);
        return state.state === 'done' || state.state === 'failed' ? state : null;
      },
      { timeoutMs: 540_000, intervalMs: 100 },
    );
    const peakMb = procMb(pid, 'VmHWM');
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `50,000-product bulk import: ${seconds.toFixed(1)} s, worker RSS idle ${idleMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB (heap cap ${HEAP_CAP_MB} MB)`,
    );
    expect(done).toMatchObject({ state: 'done', method: 'bulk', products: PRODUCTS, error: null });
    expect(worker.isRunning()).toBe(true);
    // Stopped before anything else is queued: it would take the next test's import.
    await stopWorkerProcess(worker, 2_000);
    expect(peakMb).toBeLessThan(PEAK_RSS_MB);
    expect(whole.bulk.downloads()).toBe(1);

    const { rows } = await t.app.services.db.execute<{ n: number; linked: number }>(sql`
      select count(*)::int as n, count(s.product_id)::int as linked
      from products p left join store_products s on s.product_id = p.id
      where p.bundle_id = ${bundleId}`);
    expect(rows[0]).toEqual({ n: PRODUCTS, linked: PRODUCTS });
    // The last product, rebuilt from lines 50,000 (itself), 100,000 (its variant), 150,000 and 200,000.
    const { rows: last } = await t.app.services.db.execute<Record<string, unknown>>(sql`
      select p.details->>'handle' as handle, p.image_urls, p.store_copy->>'description' as description,
             s.remote_product_id, s.remote_variant_id, s.remote_image_ids
      from products p join store_products s on s.product_id = p.id
      where p.bundle_id = ${bundleId} order by p.position desc limit 1`);
    expect(last[0]).toEqual({
      handle: `product-${PRODUCTS}`,
      image_urls: [
        `https://cdn.shopify.com/s/files/1/p${PRODUCTS}-a.jpg`,
        `https://cdn.shopify.com/s/files/1/p${PRODUCTS}-b.jpg`,
      ],
      description: description(PRODUCTS),
      remote_product_id: gid('Product', PRODUCTS),
      remote_variant_id: gid('ProductVariant', PRODUCTS),
      remote_image_ids: [gid('MediaImage', PRODUCTS), gid('MediaImage', 2 * PRODUCTS)],
    });
  });
});

describe('a bulk result with a line over the limit', () => {
  it('fails the import naming the line and the limit, and imports nothing', {
    timeout: 120_000,
  }, async () => {
    const storeId = await connect(broken);
    const imported = await importStoreNow(t, { store_id: storeId, bundle_name: 'Too long a line' });
    expect(imported.status).toBe(200);
    expect(imported.data.store_import).toMatchObject({ state: 'failed', method: 'bulk', products: null });
    expect(imported.data.store_import.error).toBe(
      `The store refused: Line 3 of Shopify's bulk result is longer than 1 MiB (${MAX_BULK_LINE_BYTES} bytes), the longest line Copyloom reads; nothing was imported.`,
    );
    expect(await importedRows(t, imported.data.bundle_id)).toEqual([]);
  });
});
