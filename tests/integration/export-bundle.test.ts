// export-bundle over HTTP: every format parsed back and checked against what its importer needs, the
// spreadsheet files against the web's own builders, paging, isolation and bad input.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BundleWorkflowProduct } from '../../src/common/contract/entities';
import { exportBundle } from '../../src/server/domain/export/export-bundle';
import { buildExportRows, exportRowsToCsv, exportRowsToJson } from '../../src/server/domain/export/rows';
import type { ExportFormat } from '../../src/server/domain/export/writers';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { createTestUser, postFunction, setupTestApp } from '../support/test-app';
import { unzipTexts } from '../support/unzip-texts';

const t = setupTestApp();
const OFFLINE = 4;
const FORMATS: ExportFormat[] = [
  'csv',
  'json',
  'shopify',
  'woocommerce',
  'merchant',
  'redirects',
  'woocommerce-redirects',
  'jsonld',
];

const list = {
  columns: ['title', 'brand', 'url', 'sku', 'colour', 'size', 'image_urls', 'description'],
  raw_csv: Papa.unparse([
    [
      'Linen Shirt Blue',
      'Hemma',
      'https://shop.example/products/linen-shirt',
      'LS-BLU',
      'Blue',
      'M',
      'https://img.example/blue-1.jpg|https://img.example/blue-2.jpg',
      'A linen shirt.',
    ],
    [
      'Linen Shirt Green',
      'Hemma',
      'https://shop.example/products/linen-shirt',
      'LS-GRN',
      'Green',
      'M',
      'https://img.example/green-1.jpg',
      'A linen shirt.',
    ],
    // A formula-like title: the store files keep it as written, the spreadsheet CSV neutralises it.
    [
      '=Wool Throw',
      'Lana',
      'https://shop.example/products/wool%E0%A4%A-throw',
      '',
      'Grey',
      '',
      'https://img.example/throw.jpg',
      'A warm wool throw.',
    ],
    ['Oak Stool', 'Tre', '', '', '', '', '', 'A small oak stool.'],
  ]),
};

let bundleWorkflowId: number;
let products: BundleWorkflowProduct[];
let worker: RunningWorker | undefined;

beforeAll(async () => {
  worker = await startTestWorker(t.app);
  const created = await t.call('new-bundle', {
    bundle_name: 'Summer Linen 2025',
    ...list,
    workflow_id: OFFLINE,
  });
  expect(created.status).toBe(200);
  bundleWorkflowId = created.data.bundle_workflow_id;
  const run = await waitForRun(t.app, t.user.token, created.data.bundle_id, OFFLINE);
  expect(run.totals.done).toBe(4);
  products = run.products;
}, 60_000);
afterAll(() => worker?.stop());

async function exportFile(format: string, extra: Record<string, unknown> = {}, token = t.user.token) {
  const response = await postFunction(
    t.app,
    'export-bundle',
    { bundle_workflow_id: bundleWorkflowId, format, ...extra },
    token,
    { 'x-response-format': 'Uint8Array' },
  );
  // ignoreBOM keeps the CSV's BOM, which Response.text() would drop.
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  return { response, text, bytes };
}

function parseCsv(text: string, delimiter = ',') {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    delimiter,
    skipEmptyLines: true,
    ...(delimiter === '\t' ? { quoteChar: '\u0000' } : {}),
  });
  expect(parsed.errors).toEqual([]);
  return parsed;
}

const sourceTitle = (product: BundleWorkflowProduct) => product.product_details.product_name ?? '';

describe('export-bundle', () => {
  it('answers each format as an attachment named after the bundle, with its content type', async () => {
    const types: Record<ExportFormat, string> = {
      csv: 'text/csv',
      json: 'application/json',
      shopify: 'text/csv',
      'shopify-translations': 'text/csv',
      woocommerce: 'text/csv',
      merchant: 'application/zip',
      redirects: 'text/csv',
      'woocommerce-redirects': 'text/csv',
      jsonld: 'application/ld+json',
      // Not in FORMATS: it needs the seller (agent-feed.test.ts).
      'agent-feed': 'application/zip',
    };
    for (const format of FORMATS) {
      const { response } = await exportFile(format);
      expect(response.status, format).toBe(200);
      expect(response.headers.get('content-type')).toContain(types[format]);
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="Summer-Linen-2025-[a-z-]+\.(csv|json|zip|jsonld)"$/,
      );
    }
  });

  it('csv and json are exactly what the web builds from the same products', async () => {
    expect((await exportFile('csv')).text).toBe(exportRowsToCsv(buildExportRows(products)));
    expect((await exportFile('json')).text).toBe(exportRowsToJson(buildExportRows(products)));
  });

  it('writes the same file a page at a time as in one page, for every format', async () => {
    const db = t.app.services.db;
    // A zip's entries carry the time they were written: compare what is in them.
    const read = async (body: ReadableStream<Uint8Array>) => {
      const bytes = new Uint8Array(await new Response(body).arrayBuffer());
      return bytes[0] === 0x50 && bytes[1] === 0x4b
        ? JSON.stringify(unzipTexts(bytes))
        : new TextDecoder().decode(bytes);
    };
    for (const format of FORMATS) {
      const input = { bundle_workflow_id: bundleWorkflowId, format };
      const whole = await exportBundle(db, t.user.userId, input);
      const paged = await exportBundle(db, t.user.userId, input, 1);
      expect(await read(paged.body), format).toBe(await read(whole.body));
    }
  });

  it('shopify: one product row per handle with the source Title and SEO fields, alt text on every image', async () => {
    const { text } = await exportFile('shopify');
    const { data, meta } = parseCsv(text);
    expect(meta.fields).toEqual(
      expect.arrayContaining([
        'Handle',
        'Title',
        'Body (HTML)',
        'Option1 Name',
        'Option1 Value',
        'Variant SKU',
        'Image Src',
        'Image Position',
        'Image Alt Text',
        'SEO Title',
        'SEO Description',
      ]),
    );
    const productRows = data.filter((row) => row.Title !== '');
    const handles = productRows.map((row) => row.Handle);
    expect(new Set(handles).size).toBe(handles.length);
    const parents = products.filter((p) => !p.is_multiple_of);
    expect(productRows).toHaveLength(parents.length);
    for (const parent of parents) {
      const row = productRows.find((r) => r.Title === sourceTitle(parent));
      expect(row, sourceTitle(parent)).toBeDefined();
      // Generated copy never starts a formula: "=Wool Throw – Grey | Lana" loses its "=".
      expect(row!['SEO Title']).toBe(parent.page_title!.replace(/^[\s=+\-@]+/, ''));
      expect(row!['SEO Description']).toBe(parent.meta_description!.replace(/^[\s=+\-@]+/, ''));
    }
    expect(handles).toContain('linen-shirt');
    expect(handles).toContain('wool%e0%a4%a-throw');
    const imageRows = data.filter((row) => row['Image Src'] !== '');
    expect(imageRows.length).toBeGreaterThanOrEqual(4);
    for (const row of imageRows) {
      expect(row['Image Alt Text']).not.toBe('');
      expect(Number(row['Image Position'])).toBeGreaterThan(0);
    }
    for (const row of data) for (const cell of Object.values(row)) expect(cell.startsWith("'")).toBe(false);
    expect(productRows.some((row) => row.Title === '=Wool Throw')).toBe(true);
    // The linen variants: one handle, two variant rows with their SKUs.
    const linen = data.filter((row) => row.Handle === 'linen-shirt');
    expect(linen.map((row) => row['Variant SKU']).filter(Boolean)).toEqual(['LS-BLU', 'LS-GRN']);
    expect(linen[0]!['Option1 Name']).toBe('Color');
    expect(linen.map((row) => row['Option1 Value']).filter(Boolean)).toEqual(['Blue', 'Green']);
  });

  it('woocommerce: SKU, Name, descriptions and the Yoast and Rank Math columns', async () => {
    const { data, meta } = parseCsv((await exportFile('woocommerce')).text);
    expect(meta.fields).toEqual([
      'ID',
      'SKU',
      'Name',
      'Short description',
      'Description',
      'Meta: _yoast_wpseo_title',
      'Meta: _yoast_wpseo_metadesc',
      'Meta: rank_math_title',
      'Meta: rank_math_description',
    ]);
    expect(data).toHaveLength(products.length);
    const blue = data.find((row) => row.SKU === 'LS-BLU')!;
    const product = products.find((p) => p.product_details.sku === 'LS-BLU')!;
    expect(blue.Name).toBe('Linen Shirt Blue');
    expect(blue['Meta: _yoast_wpseo_title']).toBe(product.page_title);
    expect(blue['Meta: rank_math_title']).toBe(product.page_title);
    expect(blue['Meta: _yoast_wpseo_metadesc']).toBe(product.meta_description);
    expect(blue['Meta: rank_math_description']).toBe(product.meta_description);
    expect(blue.Description).toContain('<p>');
  });

  it('merchant: a zip of the feed (ids by SKU) and the report of products without one; built-in text plain', async () => {
    const { bytes } = await exportFile('merchant');
    const files = unzipTexts(bytes);
    expect(Object.keys(files)).toEqual([
      'Summer-Linen-2025-merchant-feed.tsv',
      'Summer-Linen-2025-merchant-unmatched.csv',
    ]);
    const { data, meta } = parseCsv(files['Summer-Linen-2025-merchant-feed.tsv']!, '\t');
    // The offline workflow is the built-in writer: no trained_algorithmic_media, which Google keeps for AI.
    expect(meta.fields).toEqual(['id', 'title', 'description']);
    expect(files['Summer-Linen-2025-merchant-feed.tsv']).not.toContain('trained_algorithmic_media');
    expect(data.map((row) => row.id)).toEqual(['LS-BLU', 'LS-GRN']);
    for (const row of data) {
      expect(Array.from(row.title!).length).toBeLessThanOrEqual(150);
      expect(Array.from(row.description!).length).toBeLessThanOrEqual(5_000);
    }
    expect(data[0]!.title).toMatch(/Blue/);
    expect(data[1]!.title).toMatch(/Green/);
    // The products without a SKU are reported, never given an id of ours.
    const report = parseCsv(files['Summer-Linen-2025-merchant-unmatched.csv']!);
    expect(report.meta.fields).toEqual(['product_id', 'name', 'handle', 'sku', 'reason']);
    expect(report.data.map((row) => row.name).sort()).toEqual(["'=Wool Throw", 'Oak Stool']);
  });

  it('redirects: the header and no row when no push changed a handle', async () => {
    const { data, meta } = parseCsv((await exportFile('redirects')).text);
    expect(meta.fields).toEqual(['Redirect from', 'Redirect to']);
    expect(data).toEqual([]);
  });

  it('jsonld: a Product per product and a ProductGroup with its variants under hasVariant', async () => {
    const doc = JSON.parse((await exportFile('jsonld')).text);
    expect(doc['@context']).toBe('https://schema.org');
    const group = doc['@graph'].find((node: { '@type': string }) => node['@type'] === 'ProductGroup');
    expect(group).toMatchObject({ productGroupID: 'linen-shirt', variesBy: ['https://schema.org/color'] });
    expect(
      group.hasVariant.map((v: { sku: string; color: string }) => [v['@type' as 'sku'], v.sku, v.color]),
    ).toEqual([
      ['Product', 'LS-BLU', 'Blue'],
      ['Product', 'LS-GRN', 'Green'],
    ]);
    const single = doc['@graph'].filter((node: { '@type': string }) => node['@type'] === 'Product');
    expect(single).toHaveLength(2);
    expect(single[0].image).toEqual(['https://img.example/throw.jpg']);
    expect(single[0].name).not.toBe('');
  });

  it('exports only the approved products with only_approved: exactly 3 rows after approving 3', async () => {
    const none = await exportFile('csv', { only_approved: true });
    expect(none.response.status).toBe(200);
    expect(Papa.parse(none.text, { header: true, skipEmptyLines: true }).data).toHaveLength(0);
    const approved = products.slice(0, 3);
    const review = await t.call('set-product-review', {
      bundle_workflow_product_ids: approved.map((product) => product.id),
      review: 'approved',
    });
    expect(review.status).toBe(200);
    const { response, text } = await exportFile('csv', { only_approved: true });
    expect(response.status).toBe(200);
    const rows = Papa.parse(text, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(3);
    expect(text).toBe(exportRowsToCsv(buildExportRows(approved)));
    // Without it, every product is exported as before.
    const all = await exportFile('csv');
    expect(Papa.parse(all.text, { header: true, skipEmptyLines: true }).data).toHaveLength(4);
  });

  it("answers 404 unknown_bundle for another user's run, as for a missing one", async () => {
    const other = await createTestUser(t.app);
    const theirs = await exportFile('csv', {}, other.token);
    expect(theirs.response.status).toBe(404);
    expect(JSON.parse(theirs.text).error.type).toBe('unknown_bundle');
    const missing = await exportFile('csv', { bundle_workflow_id: 2_000_000_000 });
    expect(missing.response.status).toBe(404);
    expect(JSON.parse(missing.text)).toEqual(JSON.parse(theirs.text));
  });

  it('answers 400 bad_input naming the field for an unknown format or an id out of range', async () => {
    const format = await exportFile('excel');
    expect(format.response.status).toBe(400);
    expect(JSON.parse(format.text).error).toMatchObject({
      type: 'bad_input',
      message: expect.stringContaining('format'),
    });
    const id = await exportFile('csv', { bundle_workflow_id: 2 ** 31 });
    expect(id.response.status).toBe(400);
    expect(JSON.parse(id.text).error.message).toContain('bundle_workflow_id');
  });
});
