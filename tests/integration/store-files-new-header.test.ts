// On Shopify's current template (tests/fixtures/shopify-product-template-2024.csv): the new header names
// ("URL handle", "Option1 name", "SKU", "Product image URL"), a T-shirt with Size × Color beside a category metafield
// column that lists every colour ("green; gray; red"), and a digital book whose one option is "Format" and whose
// barcode is an ISBN printed with dashes. The Shopify file is written in the legacy names Shopify still imports
// (docs/store-formats.md §a) and read back here the way its importer reads either generation.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { readFixture } from '../support/fixture-path';
import { jsonLdGraph } from '../support/jsonld';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { postFunction, setupTestApp } from '../support/test-app';

const t = setupTestApp();
const OFFLINE = 4;
const FILE = 'shopify-product-template-2024.csv';

type Row = Record<string, string>;
const parse = (text: string): Row[] => {
  const parsed = Papa.parse<Row>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
};

// The same column in either header generation: legacy name, then the 2024 template's.
const COLUMNS = {
  handle: ['Handle', 'URL handle'],
  title: ['Title', 'Title'],
  name1: ['Option1 Name', 'Option1 name'],
  name2: ['Option2 Name', 'Option2 name'],
  value1: ['Option1 Value', 'Option1 value'],
  value2: ['Option2 Value', 'Option2 value'],
  sku: ['Variant SKU', 'SKU'],
  image: ['Image Src', 'Product image URL'],
} as const;
const get = (row: Row, column: keyof typeof COLUMNS) =>
  COLUMNS[column].map((name) => row[name]).find((value) => value !== undefined) ?? '';

/** Shopify's importer on either header: option names from a handle's first row, a variant per valued row. */
function readShopify(rows: Row[]) {
  const products = new Map<
    string,
    { title: string; names: string[]; variants: string[]; images: string[] }
  >();
  for (const row of rows) {
    const handle = get(row, 'handle');
    if (!products.has(handle))
      products.set(handle, {
        title: get(row, 'title'),
        names: [get(row, 'name1'), get(row, 'name2')].filter(Boolean),
        variants: [],
        images: [],
      });
    const product = products.get(handle)!;
    const values = [get(row, 'value1'), get(row, 'value2')];
    if (values.some(Boolean))
      product.variants.push(
        `${product.names.map((name, i) => `${name}=${values[i]}`).join('/')} ${get(row, 'sku')}`,
      );
    if (get(row, 'image')) product.images.push(get(row, 'image'));
  }
  return products;
}

let runId = 0;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  worker = await startTestWorker(t.app);
  const created = await t.call('new-bundle', {
    bundle_name: 'template 2024',
    store_export: { format: 'shopify', text: readFixture(FILE) },
    workflow_id: OFFLINE,
    currency: 'USD',
  });
  expect(created.status, JSON.stringify(created.data)).toBe(200);
  await waitForRun(t.app, t.user.token, created.data.bundle_id, OFFLINE);
  runId = created.data.bundle_workflow_id;
}, 120_000);
afterAll(() => worker?.stop());

async function exportText(format: string) {
  const response = await postFunction(
    t.app,
    'export-bundle',
    { bundle_workflow_id: runId, format },
    t.user.token,
    { 'x-response-format': 'Uint8Array' },
  );
  expect(response.status).toBe(200);
  return new TextDecoder().decode(new Uint8Array(await response.arrayBuffer()));
}

describe('Shopify 2024 template', () => {
  it('reads back with every product, option name, variant and image; the metafield list is no variant value', async () => {
    const original = readShopify(parse(readFixture(FILE)));
    const exported = readShopify(parse(await exportText('shopify')));
    expect([...exported.keys()]).toEqual([...original.keys()]);
    for (const [handle, product] of original) expect(exported.get(handle), handle).toEqual(product);
    const shirt = exported.get('physical-product-the-band-t-shirt')!;
    expect(shirt.names).toEqual(['Size', 'Color']);
    expect(shirt.variants).toHaveLength(12);
    expect(shirt.variants.join()).not.toMatch(/;/);
  });

  it('JSON-LD: Size × Color as variesBy, Format as additionalProperty, the dashed ISBN as a digits-only gtin', async () => {
    const graph = jsonLdGraph(await exportText('jsonld'));
    const shirt = graph.find((node) => node.productGroupID === 'physical-product-the-band-t-shirt')!;
    expect(shirt.variesBy).toEqual(['https://schema.org/size', 'https://schema.org/color']);
    const rows = parse(readFixture(FILE));
    for (const variant of shirt.hasVariant ?? []) {
      const row = rows.find((r) => r.SKU === variant.sku)!;
      expect(variant).toMatchObject({
        size: row['Option1 value'],
        color: row['Option2 value'],
        gtin: row.Barcode,
      });
      expect(variant.offers).toMatchObject({ price: row.Price, priceCurrency: 'USD' });
    }
    const book = graph.find((node) => node.productGroupID === 'digital-product-the-history-of-rock-music')!;
    expect(book).not.toHaveProperty('variesBy');
    const formats = (book.hasVariant ?? []).map((variant) => [
      variant.sku,
      variant.gtin,
      variant.additionalProperty,
    ]);
    expect(formats).toEqual(
      ['PDF', 'Audio', 'Kindle'].map((format, i) => [
        ['HRM-EBK-PDF', 'HRM-EBK-AUD', 'HRM-EBK-KND'][i],
        '9781987654321',
        [{ '@type': 'PropertyValue', name: 'Format', value: format }],
      ]),
    );
  });
});
