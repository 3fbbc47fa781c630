// A Shopify export with prices and no currency (Shopify's file never names it): the structured data is not
// written without offers, nor with offers that lack priceCurrency. check-export says before the download that
// the currency is needed, export-bundle answers 400 naming `currency`, and the export told `currency` gives
// every priced Product and variant its offer, and keeps the currency on the bundle for the next export.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_NEEDED } from '../../src/server/domain/export/offer-currency';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { parseErrorBody } from '../support/answers';
import { readFixture } from '../support/fixture-path';
import { jsonLdGraph } from '../support/jsonld';
import { startTestWorker, waitForRun } from '../support/pipeline';
import {
  exportStoreFile,
  importStoreExport,
  OFFLINE_WORKFLOW,
  type StoreBundle,
} from '../support/store-files';
import { callFunction, createTestUser, setupTestApp } from '../support/test-app';

const t = setupTestApp();
const JEWELRY = 'shopify-jewelry.csv';
let worker: RunningWorker | undefined;
let jewelry: StoreBundle;

beforeAll(async () => {
  worker = await startTestWorker(t.app);
  jewelry = await importStoreExport(t, 'shopify', JEWELRY);
}, 120_000);
afterAll(() => worker?.stop());

const checks = async (bundle: StoreBundle) => {
  const answer = await t.call('check-export', { bundle_workflow_id: bundle.runId });
  expect(answer.status).toBe(200);
  return answer.data;
};

describe('JSON-LD of a Shopify export with prices and no currency', () => {
  it('asks for the currency, then gives every priced Product and variant offers in it', async () => {
    const before = await checks(jewelry);
    expect(before).toMatchObject({ currency: null, currency_needed: true });

    const refused = await exportStoreFile(t, jewelry, 'jsonld');
    expect(refused.response.status).toBe(400);
    const error = parseErrorBody(JSON.parse(refused.text));
    expect(error.type).toBe('bad_input');
    expect(error.message).toBe(CURRENCY_NEEDED);
    expect(error.message).toMatch(/^currency is needed/);

    const written = await exportStoreFile(t, jewelry, 'jsonld', { currency: 'EUR' });
    expect(written.response.status).toBe(200);
    const graph = jsonLdGraph(written.text);
    const sellable = graph.flatMap((node) =>
      node['@type'] === 'ProductGroup' ? (node.hasVariant ?? []) : [node],
    );
    // The file's priced rows: one per variant, the first row of a product without options included.
    const prices = Papa.parse<Record<string, string>>(readFixture(JEWELRY), {
      header: true,
      skipEmptyLines: true,
    })
      .data.map((row) => row['Variant Price'] ?? '')
      .filter(Boolean);
    expect(prices.length).toBeGreaterThan(20);
    expect(sellable).toHaveLength(prices.length);
    for (const node of sellable) {
      expect(node.offers, String(node.name)).toMatchObject({
        '@type': 'Offer',
        price: expect.stringMatching(/^\d+(\.\d+)?$/),
        priceCurrency: 'EUR',
      });
    }
    expect(sellable.map((node) => (node.offers as { price: string }).price).sort()).toEqual(
      prices.map((price) => String(Number(price))).sort(),
    );

    // Kept on the bundle: the next export and check need not be told.
    expect(await checks(jewelry)).toMatchObject({ currency: 'EUR', currency_needed: false });
    const again = jsonLdGraph((await exportStoreFile(t, jewelry, 'jsonld')).text);
    expect(again).toEqual(graph);
  });

  it("another user's run is unknown to check-export, as to export-bundle", async () => {
    const other = await createTestUser(t.app);
    const answer = await callFunction(
      t.app,
      'check-export',
      { bundle_workflow_id: jewelry.runId },
      other.token,
    );
    expect(answer.status).toBe(404);
    expect(answer.error?.type).toBe('unknown_bundle');
  });
});

// No public export with a licence that allows copying was found with a "Ring size" option (tests/fixtures/SOURCES.md),
// so this file is written here, in Shopify's legacy layout: the option's name on the first row only.
const RING_EXPORT = [
  'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src',
  'stacking-ring,Stacking Ring,<p>A thin sterling silver band.</p>,Lune,Rings,,TRUE,Ring size,6,SR-6,45.00,https://shop.example/ring.jpg',
  'stacking-ring,,,,,,,,7,SR-7,45.00,',
  'stacking-ring,,,,,,,,8,SR-8,47.00,',
].join('\n');

describe('a product whose option is "Ring size"', () => {
  it('is a ProductGroup that varies by size, each variant with its size and offer', async () => {
    const created = await t.call('new-bundle', {
      bundle_name: 'Rings',
      store_export: { format: 'shopify', text: RING_EXPORT },
      workflow_id: OFFLINE_WORKFLOW,
    });
    expect(created.status).toBe(200);
    await waitForRun(t.app, t.user.token, created.data.bundle_id, OFFLINE_WORKFLOW);
    const rings = { bundleId: created.data.bundle_id, runId: created.data.bundle_workflow_id, products: [] };
    const graph = jsonLdGraph((await exportStoreFile(t, rings, 'jsonld', { currency: 'USD' })).text);
    const group = graph.find((node) => node.productGroupID === 'stacking-ring')!;
    expect(group['@type']).toBe('ProductGroup');
    expect(group.variesBy).toEqual(['https://schema.org/size']);
    expect(group.hasVariant!.map((variant) => [variant.sku, variant.size])).toEqual([
      ['SR-6', '6'],
      ['SR-7', '7'],
      ['SR-8', '8'],
    ]);
    expect(group.hasVariant!.map((variant) => variant.offers)).toMatchObject([
      { price: '45.00', priceCurrency: 'USD' },
      { price: '45.00', priceCurrency: 'USD' },
      { price: '47.00', priceCurrency: 'USD' },
    ]);
    // A size is a schema.org property, never an additionalProperty named after the option.
    for (const variant of group.hasVariant!) expect(variant.additionalProperty ?? []).toEqual([]);
  });
});
