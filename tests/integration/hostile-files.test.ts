// Files safe where they open. A catalogue of formula-like and HTML names exported in every
// format and parsed back: no cell of generated copy starts a formula, the store's own values come back as
// they went in (names with their markup escaped, column-kinds.ts), no HTML column holds an unescaped <script,
// and the JSON-LD holds no </script at all.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeTags } from '../../src/server/domain/export/column-kinds';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { jsonLdGraph } from '../support/jsonld';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { postFunction, setupTestApp } from '../support/test-app';
import { unzipTexts } from '../support/unzip-texts';

const t = setupTestApp();
const OFFLINE = 4;
// What a spreadsheet runs as a formula: = + - @, their fullwidth forms, and a tab or CR before them.
const FORMULA_START = /^[\t\r]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

const NAMES = [
  '=HYPERLINK("https://evil.example","Click")',
  '\uFF1DHYPERLINK("https://evil.example")',
  '<script>alert(1)</script> Chair',
  '+Plus Lamp </script><script>alert(2)</script>',
  '@SUM(A1) Table',
];
// The import trims cells, so a leading tab never reaches the store values; these start formulas as they are.
const SKUS = ['-2+3', '=1+1', 'SKU-3', '@A1', '+44'];

let runId: number;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  worker = await startTestWorker(t.app);
  const created = await t.call('new-bundle', {
    bundle_name: 'Hostile',
    columns: ['title', 'sku', 'brand', 'url', 'description'],
    raw_csv: Papa.unparse(
      NAMES.map((name, i) => [
        name,
        SKUS[i]!,
        'Acme',
        `https://shop.example/products/item-${i}`,
        `-${name} & <b>bold</b>`,
      ]),
    ),
    workflow_id: OFFLINE,
  });
  expect(created.status).toBe(200);
  runId = created.data.bundle_workflow_id;
  await waitForRun(t.app, t.user.token, created.data.bundle_id, OFFLINE);
}, 60_000);
afterAll(() => worker?.stop());

async function exportText(format: string, extra: Record<string, unknown> = {}) {
  const response = await postFunction(
    t.app,
    'export-bundle',
    { bundle_workflow_id: runId, format, ...extra },
    t.user.token,
    { 'x-response-format': 'Uint8Array' },
  );
  expect(response.status, format).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (format === 'merchant') return Object.values(unzipTexts(bytes))[0]!;
  return new TextDecoder().decode(bytes);
}

const parse = (text: string, delimiter = ',') =>
  Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    delimiter,
    skipEmptyLines: true,
    ...(delimiter === '\t' ? { quoteChar: '\u0000' } : {}),
  }).data;

describe('files safe where they open', () => {
  it('csv: every cell is neutralised for a spreadsheet', async () => {
    for (const row of parse(await exportText('csv')))
      for (const cell of Object.values(row)) expect(FORMULA_START.test(cell), cell).toBe(false);
  });

  it('shopify: copy never starts a formula, the store values come back as they went in, HTML escaped', async () => {
    const rows = parse(await exportText('shopify'));
    const copy = ['Body (HTML)', 'SEO Title', 'SEO Description', 'Image Alt Text'];
    for (const row of rows)
      for (const column of copy) expect(FORMULA_START.test(row[column] ?? ''), column).toBe(false);
    expect(rows.map((row) => row['Variant SKU']).sort()).toEqual([...SKUS].sort());
    expect(rows.map((row) => row.Title).sort()).toEqual(NAMES.map(escapeTags).sort());
    for (const row of rows) expect(row['Body (HTML)']).not.toMatch(/<\/?script/i);
  });

  it('woocommerce: the same, for Short description and Description too', async () => {
    const rows = parse(await exportText('woocommerce'));
    const copy = [
      'Short description',
      'Description',
      'Meta: _yoast_wpseo_title',
      'Meta: _yoast_wpseo_metadesc',
    ];
    for (const row of rows) {
      for (const column of copy) expect(FORMULA_START.test(row[column] ?? ''), column).toBe(false);
      expect(row['Short description']).not.toMatch(/<\/?script/i);
      expect(row.Description).not.toMatch(/<\/?script/i);
      expect(row['Short description']).toMatch(/^<(p|ul)>/);
    }
    expect(rows.map((row) => row.SKU).sort()).toEqual([...SKUS].sort());
    expect(rows.map((row) => row.Name).sort()).toEqual(NAMES.map(escapeTags).sort());
  });

  it('merchant: ids are the store SKUs as they came, titles and descriptions never start a formula', async () => {
    const rows = parse(await exportText('merchant', { merchant_id_scheme: 'sku' }), '\t');
    expect(rows.map((row) => row.id).sort()).toEqual([...SKUS].sort());
    for (const row of rows) {
      expect(FORMULA_START.test(row.title!), row.title).toBe(false);
      expect(FORMULA_START.test(row.description!), row.description).toBe(false);
    }
  });

  it('jsonld: no </script anywhere, and < > & written as \\u003c \\u003e \\u0026; the data reads back the same', async () => {
    const text = await exportText('jsonld');
    expect(text).not.toMatch(/<\/script/i);
    expect(text).not.toMatch(/[<>&]/);
    expect(text).toContain('\\u003cscript\\u003e');
    const names = jsonLdGraph(text)
      .map((node) => node.sku)
      .sort();
    expect(names).toEqual([...SKUS].sort());
  });
});
