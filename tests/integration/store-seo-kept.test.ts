// What it must show: a Shopify import whose products already have SEO titles fills empty fields only, unless
// asked otherwise, and the store's own titles are still in the re-import file. A real French export: 6 of its
// 8 products have an SEO title and description (tests/fixtures/SOURCES.md).
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { readFixture } from '../support/fixture-path';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { exportStoreFile } from '../support/store-files';
import { setupTestApp } from '../support/test-app';

const t = setupTestApp();
const FILE = 'shopify-parispousse-fr-excerpt.csv';
const OFFLINE_WORKFLOW = 4;
let worker: RunningWorker | undefined;
beforeAll(async () => {
  worker = await startTestWorker(t.app);
});
afterAll(() => worker?.stop());

type Row = Record<string, string>;
const rows = (text: string) =>
  Papa.parse<Row>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
/** Each handle's SEO Title on its first row. */
const seoTitles = (text: string) => {
  const titles = new Map<string, string>();
  for (const row of rows(text)) if (!titles.has(row.Handle!)) titles.set(row.Handle!, row['SEO Title'] ?? '');
  return titles;
};

async function importFile(extra: Record<string, unknown>) {
  const created = await t.call('new-bundle', {
    bundle_name: `${FILE} ${JSON.stringify(extra)}`,
    store_export: { format: 'shopify', text: readFixture(FILE) },
    workflow_id: OFFLINE_WORKFLOW,
    ...extra,
  });
  expect(created.status, JSON.stringify(created.data)).toBe(200);
  const run = await waitForRun(t.app, t.user.token, created.data.bundle_id, OFFLINE_WORKFLOW);
  const bundle = {
    bundleId: created.data.bundle_id,
    runId: created.data.bundle_workflow_id,
    products: run.products,
  };
  return { bundle, exported: seoTitles((await exportStoreFile(t, bundle, 'shopify')).text) };
}

describe("the store's own SEO copy is kept unless asked", () => {
  const source = seoTitles(readFixture(FILE));
  const filled = [...source].filter(([, title]) => title.trim() !== '');

  it('fills empty fields only by default, keeping every SEO title the store has', async () => {
    expect(filled.length).toBe(6);
    const { exported } = await importFile({});
    for (const [handle, title] of filled) expect(exported.get(handle), handle).toBe(title);
    // The products without one get new copy.
    const empty = [...source].filter(([, title]) => title.trim() === '').map(([handle]) => handle);
    for (const handle of empty) expect(exported.get(handle)?.trim(), handle).not.toBe('');
  });

  it('replaces them when asked', async () => {
    const { exported } = await importFile({ fill_empty_only: false });
    expect(filled.some(([handle, title]) => exported.get(handle) !== title)).toBe(true);
  });
});
