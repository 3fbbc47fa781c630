// Search Console data in, over HTTP against a real database: exports built in the documented
// format (tests/support/search-console-export.ts) are matched to products, ranked by missed clicks computed
// by hand below, a run is made for the top 5, and a later import after the export gives the before/after
// report with its control group and an "inconclusive" product. Deleting the bundle deletes its data.

import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { type ExportPage, exportZip, pagesCsv, zipBase64 } from '../support/search-console-export';
import { callFunction, createTestUser, setupTestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';

const t = setupTestApp();
const OFFLINE = 4;
let worker: RunningWorker | undefined;
beforeAll(async () => {
  worker = await startTestWorker(t.app);
});
afterAll(() => worker?.stop());

async function newBundle(name: string, rows: string[][]) {
  const created = await t.call('new-bundle', {
    bundle_name: name,
    columns: ['title', 'url'],
    raw_csv: Papa.unparse(rows),
    workflow_id: OFFLINE,
  });
  expect(created.status, JSON.stringify(created.error)).toBe(200);
  return created.data;
}

describe('matching a 1,000-row export to products', () => {
  // 200 products with URLs in every form a list holds; the export writes each page another way.
  const products: string[][] = [];
  const productPages: ExportPage[] = [];
  for (let i = 0; i < 100; i++) {
    products.push([`Item ${i}`, `https://shop.example/products/item-${i}`]);
    // Trailing slash for the even ones; scheme, host and path case and a query string for the odd ones.
    const url =
      i % 2 === 0
        ? `https://shop.example/products/item-${i}/`
        : `http://SHOP.example/Products/Item-${i}?utm_source=newsletter&utm_medium=email`;
    productPages.push({ url, clicks: i, impressions: 100 + i * 10, position: 4.5 });
  }
  for (let i = 100; i < 150; i++) {
    // A non-ASCII handle: the list writes it as it reads, Search Console percent-encoded.
    products.push([`Käse ${i}`, `/products/käse-${i}`]);
    productPages.push({
      url: `https://shop.example/products/k%C3%A4se-${i}`,
      clicks: 1,
      impressions: 200,
      position: 8.25,
    });
  }
  for (let i = 150; i < 200; i++) {
    products.push([`Tee ${i}`, `https://shop.example/products/tee-${i}/`]);
    productPages.push({
      url: `https://shop.example/products/tee-${i}`,
      clicks: 0,
      impressions: 50,
      position: 20.1,
    });
  }
  // A product and two variants of it: ?variant= pages go to the variant that has that URL, else the parent.
  products.push(['Shirt', 'https://shop.example/products/shirt']);
  products.push(['Shirt Red', 'https://shop.example/products/shirt?variant=111']);
  products.push(['Shirt Blue', 'https://shop.example/products/shirt?variant=222']);
  productPages.push(
    { url: 'https://shop.example/products/shirt?variant=222', clicks: 5, impressions: 300, position: 2.5 },
    { url: 'https://shop.example/products/shirt?variant=999', clicks: 1, impressions: 100, position: 3.5 },
    { url: 'https://shop.example/products/shirt', clicks: 10, impressions: 400, position: 3.1 },
    // The same product a second time, without the trailing slash: summed into item-0's row.
    { url: 'https://shop.example/products/item-0', clicks: 21, impressions: 200, position: 6.0 },
  );
  const otherPages: ExportPage[] = [];
  for (let j = 0; otherPages.length + productPages.length < 1_000; j++) {
    const kind = j % 3;
    const url =
      kind === 0
        ? `https://shop.example/blogs/news/post-${j}`
        : kind === 1
          ? `https://shop.example/collections/c-${j}`
          : `https://shop.example/products/discontinued-${j}`;
    otherPages.push({ url, clicks: 0, impressions: 10, position: 30 });
  }
  const allPages = [...productPages, ...otherPages].sort((a, b) => a.url.localeCompare(b.url));
  const period = { start: '2026-10-01', end: '2026-10-28' };
  let bundleId: number;

  beforeAll(async () => {
    bundleId = (await newBundle('Matching', products)).bundle_id;
  });

  it('matches every product page of the ZIP and lists the rest as unmatched, with the period of Chart.csv', async () => {
    expect(allPages).toHaveLength(1_000);
    const answer = await t.call('import-search-data', {
      bundle_id: bundleId,
      zip_base64: zipBase64(exportZip(allPages, period)),
    });
    expect(answer.status, JSON.stringify(answer.error)).toBe(200);
    expect(answer.data.page_rows).toBe(1_000);
    expect(answer.data.matched).toBe(productPages.length);
    expect(answer.data.matched_products).toBe(200 + 2);
    expect(new Set(answer.data.unmatched)).toEqual(new Set(otherPages.map((page) => page.url)));
    expect(answer.data.period).toEqual(period);
    expect(answer.data.columns_read).toEqual({
      page: 'Top pages',
      clicks: 'Clicks',
      impressions: 'Impressions',
      ctr: 'CTR',
      position: 'Position',
    });
    const view = await t.call('view-search-priorities', { bundle_id: bundleId });
    const byName = new Map(view.data.products.map((p) => [p.name, p]));
    // item-0: its two pages summed, position weighted by impressions: (4.5×100 + 6×200) / 300 = 5.5.
    expect(byName.get('Item 0')).toMatchObject({ clicks: 21, impressions: 300, position: 5.5 });
    expect(byName.get('Item 0')!.ctr).toBeCloseTo(21 / 300, 10);
    expect(byName.get('Käse 120')).toMatchObject({ clicks: 1, impressions: 200, ctr: 0.005, position: 8.25 });
    expect(byName.get('Shirt Blue')).toMatchObject({ clicks: 5, impressions: 300 });
    // The unknown variant 999 fell back to the parent, beside the parent's own page.
    expect(byName.get('Shirt')).toMatchObject({ clicks: 11, impressions: 500 });
    expect(byName.has('Shirt Red')).toBe(false);
    expect(byName.get('Tee 160')).toMatchObject({ impressions: 50, enough_data: false });
  });

  it('reads Pages.csv alone in German with a decimal comma, given its period; refuses it without one', async () => {
    const text = pagesCsv(allPages, { language: 'de', decimalComma: true });
    expect(text).toContain('Häufigste Seiten,Klicks,Impressionen,Klickrate,Position');
    expect(text).toContain('"0,5 %","8,25"');
    const missing = await t.call('import-search-data', { bundle_id: bundleId, text });
    expect(missing.status).toBe(400);
    expect(missing.error?.message).toMatch(/period_start and period_end/);
    const answer = await t.call('import-search-data', {
      bundle_id: bundleId,
      text,
      period_start: '2026-11-01',
      period_end: '2026-11-28',
    });
    expect(answer.status, JSON.stringify(answer.error)).toBe(200);
    expect(answer.data.matched).toBe(productPages.length);
    expect(answer.data.columns_read).toMatchObject({ page: 'Häufigste Seiten', ctr: 'Klickrate' });
    const view = await t.call('view-search-priorities', { bundle_id: bundleId });
    expect(view.data.import?.period).toEqual({ start: '2026-11-01', end: '2026-11-28' });
    const kase = view.data.products.find((p) => p.name === 'Käse 120')!;
    expect(kase).toMatchObject({ ctr: 0.005, position: 8.25 });
  });

  it('answers 400 naming the row and column of a bad figure, and 404 for another user', async () => {
    const bad = 'Top pages,Clicks,Impressions,CTR,Position\n/a,1,100,1%,3\n/b,x,100,1%,3\n';
    const answer = await t.call('import-search-data', {
      bundle_id: bundleId,
      text: bad,
      period_start: '2026-10-01',
      period_end: '2026-10-28',
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toBe('the text row 3, Clicks: "x" is not a whole number.');
    const other = await createTestUser(t.app);
    const foreign = await callFunction(t.app, 'view-search-priorities', { bundle_id: bundleId }, other.token);
    expect(foreign.status).toBe(404);
    const foreignImport = await callFunction(
      t.app,
      'import-search-data',
      { bundle_id: bundleId, text: bad, period_start: '2026-10-01', period_end: '2026-10-28' },
      other.token,
    );
    expect(foreignImport.status).toBe(404);
  });
});

// Missed clicks by hand on AWR's desktop curve (docs/ctr-curve.md): impressions × max(0, expected − CTR).
//   P1  pos 3    40,000 impr  0.8%  → 40000 × (0.0694 − 0.008)            = 2456
//   P3  pos 1    10,000       10%   → 10000 × (0.3377 − 0.10)             = 2377
//   P4  pos 2     5,000       2%    →  5000 × (0.1294 − 0.02)             =  547
//   P5  pos 1.5   2,000       5%    →  2000 × ((0.3377+0.1294)/2 − 0.05)  =  367.1
//   P10 pos 7    20,000       0.2%  → 20000 × (0.0172 − 0.002)            =  304
//   P8  pos 6    12,000       0.5%  → 12000 × (0.0227 − 0.005)            =  212.4
//   P7  pos 5     3,000       0.5%  →  3000 × (0.0317 − 0.005)            =   80.1
//   P12 pos 10    1,000       0.1%  →  1000 × (0.0117 − 0.001)            =   10.7
//   P2  pos 9       500       0.4%  →   500 × (0.0123 − 0.004)            =    4.15
//   P6  pos 4     8,000       5%    → above the curve                     =    0
//   P9  pos 2        99       0%    → under 100 impressions: not enough data
//   P11 pos 3        50       0%    → not enough data
const BEFORE: Record<string, Omit<ExportPage, 'url'>> = {
  P1: { position: 3, impressions: 40_000, clicks: 320 },
  P2: { position: 9, impressions: 500, clicks: 2 },
  P3: { position: 1, impressions: 10_000, clicks: 1_000 },
  P4: { position: 2, impressions: 5_000, clicks: 100 },
  P5: { position: 1.5, impressions: 2_000, clicks: 100 },
  P6: { position: 4, impressions: 8_000, clicks: 400 },
  P7: { position: 5, impressions: 3_000, clicks: 15 },
  P8: { position: 6, impressions: 12_000, clicks: 60 },
  P9: { position: 2, impressions: 99, clicks: 0 },
  P10: { position: 7, impressions: 20_000, clicks: 40 },
  P11: { position: 3, impressions: 50, clicks: 0 },
  P12: { position: 10, impressions: 1_000, clicks: 1 },
};
const HAND_ORDER: [string, number][] = [
  ['P1', 2456],
  ['P3', 2377],
  ['P4', 547],
  ['P5', 367.1],
  ['P10', 304],
  ['P8', 212.4],
  ['P7', 80.1],
  ['P12', 10.7],
  ['P2', 4.15],
  ['P6', 0],
];
// After the rewrite: P4's position moved by 1.5 (inconclusive); the others moved by at most 1.
const AFTER: Record<string, Omit<ExportPage, 'url'>> = {
  ...BEFORE,
  P1: { position: 3.4, impressions: 40_000, clicks: 1_600 },
  P3: { position: 1.2, impressions: 10_000, clicks: 1_500 },
  P4: { position: 3.5, impressions: 5_000, clicks: 60 },
  P5: { position: 1.5, impressions: 2_000, clicks: 200 },
  P10: { position: 6.5, impressions: 20_000, clicks: 200 },
  P6: { position: 4.2, impressions: 8_000, clicks: 380 },
  P7: { position: 7, impressions: 3_000, clicks: 9 },
  P8: { position: 6, impressions: 12_000, clicks: 66 },
};
const pagesOf = (figures: Record<string, Omit<ExportPage, 'url'>>) =>
  Object.entries(figures).map(([name, f]) => ({
    url: `https://shop.example/products/${name.toLowerCase()}`,
    ...f,
  }));

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('priorities, only_top and the before/after report', () => {
  let bundleId: number;
  let topRunId: number;
  // 28-day windows: the before one ends well before today's export, the after one starts 3 days after it.
  const beforePeriod = { start: day(-40), end: day(-13) };
  const afterPeriod = { start: day(3), end: day(30) };

  beforeAll(async () => {
    const created = await newBundle(
      'Priorities',
      Object.keys(BEFORE).map((name) => [name, `/products/${name.toLowerCase()}`]),
    );
    bundleId = created.bundle_id;
    await waitForRun(t.app, t.user.token, bundleId, OFFLINE);
    const imported = await t.call('import-search-data', {
      bundle_id: bundleId,
      zip_base64: zipBase64(exportZip(pagesOf(BEFORE), beforePeriod)),
    });
    expect(imported.status, JSON.stringify(imported.error)).toBe(200);
  }, 60_000);

  it('ranks by the missed clicks computed by hand, and flags products under 100 impressions', async () => {
    const view = await t.call('view-search-priorities', { bundle_id: bundleId });
    expect(view.data.curve.source).toMatch(/Advanced Web Ranking/);
    const ranked = view.data.products.map((p) => p.name);
    expect(ranked).toEqual([...HAND_ORDER.map(([name]) => name), 'P9', 'P11']);
    HAND_ORDER.forEach(([name, missed], index) => {
      expect(view.data.products[index]!.missed_clicks, name).toBeCloseTo(missed, 6);
      expect(view.data.products[index]!.enough_data).toBe(true);
    });
    expect(view.data.products.slice(-2).map((p) => p.enough_data)).toEqual([false, false]);
  });

  it('a pasted curve changes the expected CTR; clearing it restores AWR', async () => {
    const set = await t.call('set-ctr-curve', { bundle_id: bundleId, curve: '1\t50%\n10\t5%' });
    expect(set.status).toBe(200);
    const view = await t.call('view-search-priorities', { bundle_id: bundleId });
    const p3 = view.data.products.find((p) => p.name === 'P3')!;
    expect(p3.expected_ctr).toBe(0.5);
    expect(p3.missed_clicks).toBeCloseTo(4_000, 6);
    const bad = await t.call('set-ctr-curve', { bundle_id: bundleId, curve: '1\tlots' });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toMatch(/line 1/);
    await t.call('set-ctr-curve', { bundle_id: bundleId, curve: null });
  });

  it('only_top: 5 makes a run of exactly the top 5; regenerate-products only_top takes the run top 2', async () => {
    const workflow = await t.call('new-workflow', { name: 'Top five', model: 'offline' });
    expect(workflow.status, JSON.stringify(workflow.error)).toBe(200);
    const started = await t.call('new-bundle-workflow', {
      bundle_id: bundleId,
      workflow_id: workflow.data.workflow_id,
      only_top: 5,
    });
    expect(started.status, JSON.stringify(started.error)).toBe(200);
    topRunId = started.data.bundle_workflow_id;
    const run = await waitForRun(t.app, t.user.token, bundleId, workflow.data.workflow_id);
    expect(run.products.map((p) => p.product_details.product_name).sort()).toEqual(
      ['P1', 'P3', 'P4', 'P5', 'P10'].sort(),
    );
    expect(run.totals.done).toBe(5);
    const again = await t.call('new-bundle-workflow', {
      bundle_id: bundleId,
      workflow_id: workflow.data.workflow_id,
      only_top: 5,
    });
    expect(again.status).toBe(400);
    const regenerated = await t.call('regenerate-products', { bundle_workflow_id: topRunId, only_top: 2 });
    expect(regenerated.data).toEqual({ queued: 2 });
    const after = await waitForRun(t.app, t.user.token, bundleId, workflow.data.workflow_id);
    expect(after.totals.done).toBe(5);
  }, 60_000);

  it('after the export and a later import: per product, the groups with sample sizes, and inconclusive', async () => {
    const none = await t.call('view-search-report', { bundle_id: bundleId });
    expect(none.data.status).toBe('no_before_window');
    const exported = await callFunction(
      t.app,
      'export-bundle',
      { bundle_workflow_id: topRunId, format: 'csv' },
      t.user.token,
      { 'x-response-format': 'Uint8Array' },
    );
    expect(exported.status).toBe(200);
    const later = await t.call('import-search-data', {
      bundle_id: bundleId,
      zip_base64: zipBase64(exportZip(pagesOf(AFTER), afterPeriod)),
    });
    expect(later.status).toBe(200);
    const report = await t.call('view-search-report', { bundle_id: bundleId });
    expect(report.status).toBe(200);
    const data = report.data;
    if (data.status !== 'ready') throw new Error(`report is ${data.status}`);
    expect(data.before).toMatchObject({ ...beforePeriod, days: 28 });
    expect(data.after).toMatchObject({ ...afterPeriod, days: 28 });
    const verdict = Object.fromEntries(data.products.map((p) => [p.name, p.verdict]));
    expect(verdict).toEqual({
      P1: 'credited',
      P3: 'credited',
      P5: 'credited',
      P10: 'credited',
      P4: 'inconclusive (position moved)',
      P2: 'control',
      P6: 'control',
      P7: 'control',
      P8: 'control',
      P9: 'control',
      P11: 'control',
      P12: 'control',
    });
    const p1 = data.products.find((p) => p.name === 'P1')!;
    expect(p1.before).toMatchObject({ clicks: 320, impressions: 40_000, ctr: 0.008, position: 3 });
    expect(p1.after).toMatchObject({ clicks: 1_600, ctr: 0.04, position: 3.4 });
    expect(p1.ctr_change).toBeCloseTo(0.032, 10);
    expect(p1.position_move).toBeCloseTo(0.4, 10);
    const group = Object.fromEntries(data.groups.map((g) => [g.group, g]));
    // Rewritten and credited: P1, P3, P5, P10. Before 1,460 of 72,000; after 3,500 of 72,000.
    expect(group.rewritten).toMatchObject({ products: 4 });
    expect(group.rewritten!.before).toMatchObject({ clicks: 1_460, impressions: 72_000 });
    expect(group.rewritten!.after).toMatchObject({ clicks: 3_500, impressions: 72_000 });
    expect(group.rewritten!.after!.ctr).toBeCloseTo(3_500 / 72_000, 10);
    expect(group['rewritten (position moved)']).toMatchObject({ products: 1 });
    // Control: P2, P6, P7, P8, P9, P11, P12. Before 478 clicks of 24,649; after 458 of 24,649.
    expect(group.control).toMatchObject({ products: 7 });
    expect(group.control!.before).toMatchObject({ clicks: 478, impressions: 24_649 });
    expect(group.control!.after).toMatchObject({ clicks: 458, impressions: 24_649 });
    expect(data.bundle.products).toBe(12);
  });

  it('keeps the export date when the same copy is exported again, and dates only exported products', async () => {
    const db = t.app.database.db;
    const dates = async () =>
      (
        await db.execute<{ product_id: number; exported_at: string }>(sql`
          select product_id, exported_at::text from copy_exports where bundle_id = ${bundleId} order by product_id`)
      ).rows;
    const first = await dates();
    expect(first).toHaveLength(5);
    const again = await callFunction(
      t.app,
      'export-bundle',
      { bundle_workflow_id: topRunId, format: 'shopify' },
      t.user.token,
      { 'x-response-format': 'Uint8Array' },
    );
    expect(again.status).toBe(200);
    expect(await dates()).toEqual(first);
  });

  it('is deleted with the bundle', async () => {
    const db = t.app.database.db;
    const count = async () =>
      (
        await db.execute<{ n: number }>(sql`
          select (select count(*) from search_imports where bundle_id = ${bundleId})
            + (select count(*) from copy_exports where bundle_id = ${bundleId})::int as n`)
      ).rows[0]!.n;
    expect(await count()).toBeGreaterThan(0);
    expect((await t.call('delete-bundle', { bundle_id: bundleId })).status).toBe(200);
    await waitUntil('the purge removed the search data', async () => (await count()) === 0, {
      timeoutMs: 20_000,
    });
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from search_product_stats`,
    );
    // Only the first describe's bundle keeps stats.
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});
