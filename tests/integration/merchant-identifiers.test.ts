// A Shopify export without SKUs, GTINs or MPNs (the jewelry file): check-export warns before the Merchant
// feed downloads, naming what is missing, how many items, and that Merchant Center needs identifiers or
// identifier_exists=no. A file whose variants all have SKUs gets no warning. The count is the feed's own:
// every item the export would write or report, whatever the page size.
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExport } from '../../src/server/domain/export/export-checks';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { startTestWorker } from '../support/pipeline';
import { exportStoreFile, importStoreExport, type StoreBundle } from '../support/store-files';
import { setupTestApp } from '../support/test-app';

const t = setupTestApp();
let worker: RunningWorker | undefined;
const bundles: Record<'jewelry' | 'template', StoreBundle> = {} as never;

beforeAll(async () => {
  worker = await startTestWorker(t.app);
  bundles.jewelry = await importStoreExport(t, 'shopify', 'shopify-jewelry.csv');
  bundles.template = await importStoreExport(t, 'shopify', 'shopify-product-template-2023.csv', 'USD');
}, 120_000);
afterAll(() => worker?.stop());

const check = (bundle: StoreBundle) => t.call('check-export', { bundle_workflow_id: bundle.runId });

describe('the Merchant feed of products without identifiers', () => {
  it('is warned about before download, with the count the feed would leave out', async () => {
    const answer = await check(bundles.jewelry);
    expect(answer.status).toBe(200);
    const { items, without_identifiers, warning } = answer.data.merchant;
    expect(items).toBeGreaterThan(20);
    expect(without_identifiers).toBe(items);
    expect(warning).toContain(`All ${items} products and variants have no SKU, GTIN (barcode) or MPN`);
    expect(warning).toContain('identifier_exists');
    expect(warning).toContain('main feed');

    // The feed itself: no row, and every item in the report as "no SKU". The warning's count is that report's.
    const zip = await exportStoreFile(t, bundles.jewelry, 'merchant', { merchant_id_scheme: 'sku' });
    const files = unzipSync(zip.bytes);
    const feed = Object.entries(files).find(([name]) => name.endsWith('.tsv'))![1];
    const report = Object.entries(files).find(([name]) => name.endsWith('-unmatched.csv'))![1];
    expect(strFromU8(feed).trim().split('\n')).toHaveLength(1);
    const reasons = Papa.parse<string[]>(strFromU8(report).replace(/^\uFEFF/, ''), { skipEmptyLines: true })
      .data.slice(1)
      .map((row) => row.at(-1));
    expect(reasons).toHaveLength(items);
    expect(new Set(reasons)).toEqual(new Set(['no SKU']));
  });

  it('counts the same when the run is read a few products at a time', async () => {
    const whole = (await check(bundles.jewelry)).data;
    const paged = await checkExport(
      t.app.services.db,
      t.user.userId,
      { bundle_workflow_id: bundles.jewelry.runId },
      2,
    );
    expect(paged).toEqual(whole);
  });

  it('says nothing when every item has a SKU', async () => {
    const answer = await check(bundles.template);
    expect(answer.data.merchant).toEqual({ items: 16, without_identifiers: 0, warning: null });
    expect(answer.data).toMatchObject({ currency: 'USD', currency_needed: false });
  });
});
