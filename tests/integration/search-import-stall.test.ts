// A Search Console import of 19 MB against the real server process: Pages.csv past the row limit is refused
// at the first row too many, and one just under it is imported, while /api/health, asked every 50 ms,
// answers within 500 ms at the 99th percentile. Read on the event loop, the same files stalled it for
// seconds (the JSON body parsed there, then Papa Parse and the URL matching over 100,000 pages).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_IMPORT_MAX_CHARS } from '../../src/common/contract/functions';
import { MAX_PAGE_ROWS } from '../../src/server/domain/search-data/parse-export';
import {
  type HostileServer,
  measureFunction,
  percentile,
  type Refusal,
  startHostileServer,
} from '../support/hostile-import';
import { type ExportPage, pagesCsv } from '../support/search-console-export';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const OFFLINE_WORKFLOW = 4;
/** 19 MB, under the contract's SEARCH_IMPORT_MAX_CHARS (20,000,000). */
const FILE_CHARS = 19_000_000;
const PERIOD = { period_start: '2026-10-01', period_end: '2026-10-28' };

let database: TestDatabase;
let server: HostileServer;
let bundleId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startHostileServer(database);
  const rows = Array.from({ length: 100 }, (_, i) => `Item ${i},https://shop.example/products/item-${i}`);
  const created = await fetch(`${server.url}/functions/v1/new-bundle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify({
      bundle_name: 'Search stall',
      columns: ['title', 'url'],
      raw_csv: rows.join('\n'),
      workflow_id: OFFLINE_WORKFLOW,
    }),
  });
  expect(created.status).toBe(200);
  bundleId = ((await created.json()) as { bundle_id: number }).bundle_id;
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** `count` pages whose URLs are padded to make the file about `bytes` long; the first 100 are products. */
function pages(count: number, bytes: number): string {
  const pad = 'x'.repeat(Math.max(0, Math.floor(bytes / count) - 52));
  const list: ExportPage[] = Array.from({ length: count }, (_, i) => ({
    url: i < 100 ? `https://shop.example/products/item-${i}` : `https://shop.example/blogs/${pad}-${i}`,
    clicks: i % 40,
    impressions: 1_000 + i,
    position: 3.5,
  }));
  return pagesCsv(list);
}

function report(name: string, r: Refusal) {
  console.log(
    `${name}: ${r.status} in ${r.elapsedMs.toFixed(0)} ms; /api/health p99 ${percentile(r.healthMs, 99).toFixed(0)} ms, slowest ${Math.max(...r.healthMs).toFixed(0)} ms over ${r.healthMs.length} answers; RSS +${r.rssGrowthMb.toFixed(1)} MB`,
  );
}

describe('a 19 MB Search Console import against the real server', () => {
  it('refuses Pages.csv past the row limit at the first row too many, the event loop free', async () => {
    const text = pages(150_000, FILE_CHARS);
    expect(text.length).toBeGreaterThan(18_500_000);
    expect(text.length).toBeLessThan(SEARCH_IMPORT_MAX_CHARS);
    const refusal = await measureFunction(server, 'import-search-data', {
      bundle_id: bundleId,
      text,
      ...PERIOD,
    });
    report('150,000 rows refused', refusal);
    expect(refusal.status, refusal.message).toBe(400);
    expect(refusal.message).toBe(
      `the text row ${MAX_PAGE_ROWS + 2}: more than ${MAX_PAGE_ROWS} rows; at most ${MAX_PAGE_ROWS}.`,
    );
    expect(refusal.healthMs.length).toBeGreaterThan(5);
    expect(percentile(refusal.healthMs, 99)).toBeLessThan(500);
  }, 90_000);

  it('imports 100,000 pages (19 MB), the limit, with the parse and URL keys off the event loop', async () => {
    const text = pages(MAX_PAGE_ROWS, FILE_CHARS);
    expect(text.length).toBeGreaterThan(18_500_000);
    expect(text.length).toBeLessThan(SEARCH_IMPORT_MAX_CHARS);
    const imported = await measureFunction(server, 'import-search-data', {
      bundle_id: bundleId,
      text,
      ...PERIOD,
    });
    report('100,000 rows imported', imported);
    expect(imported.status, imported.message).toBe(200);
    const answer = JSON.parse(imported.message) as { matched: number; page_rows: number };
    expect(answer).toMatchObject({ matched: 100, page_rows: MAX_PAGE_ROWS });
    expect(percentile(imported.healthMs, 99)).toBeLessThan(500);
  }, 120_000);
});
