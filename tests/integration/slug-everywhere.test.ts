// One slug. A product's slug reads the same in its URL suggestion and in every file that names it:
// the csv, the Shopify handle, the Merchant feed's matching, both redirect files and the JSON-LD, for names
// with ß, Cyrillic and Vietnamese letters (src/server/leaves/slug/slug.ts transliterates them all).
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BundleWorkflowProduct } from '../../src/common/contract/entities';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { jsonLdGraph } from '../support/jsonld';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { postFunction, setupTestApp } from '../support/test-app';
import { unzipTexts } from '../support/unzip-texts';

const t = setupTestApp();
const OFFLINE = 4;
const NAMES = ['Weiße Straßenlaterne', 'Шерстяной шарф', 'Áo dài lụa Đông Hồ'];

type Run = { runId: number; products: BundleWorkflowProduct[] };
let withoutPages: Run;
let withPages: Run;
let worker: RunningWorker | undefined;

async function run(name: string, rows: string[][], columns: string[]): Promise<Run> {
  const created = await t.call('new-bundle', {
    bundle_name: name,
    columns,
    raw_csv: Papa.unparse(rows),
    workflow_id: OFFLINE,
  });
  expect(created.status).toBe(200);
  const done = await waitForRun(t.app, t.user.token, created.data.bundle_id, OFFLINE);
  return { runId: created.data.bundle_workflow_id, products: done.products };
}

beforeAll(async () => {
  worker = await startTestWorker(t.app);
  // Each name in two colours: a product with a variant, not yet in any store (no page, no handle).
  withoutPages = await run(
    'New',
    NAMES.flatMap((name) => [
      [name, 'Red'],
      [name, 'Blue'],
    ]),
    ['title', 'colour'],
  );
  // The same names on pages of their own: the redirects lead from those to the suggestion.
  withPages = await run(
    'Live',
    NAMES.map((name, i) => [name, `https://shop.example/products/old-${i}`]),
    ['title', 'url'],
  );
}, 90_000);
afterAll(() => worker?.stop());

async function exportText(runId: number, format: string, extra: Record<string, unknown> = {}) {
  const response = await postFunction(
    t.app,
    'export-bundle',
    { bundle_workflow_id: runId, format, ...extra },
    t.user.token,
    { 'x-response-format': 'Uint8Array' },
  );
  expect(response.status, format).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return format === 'merchant' ? unzipTexts(bytes) : { file: new TextDecoder().decode(bytes) };
}

const parse = (text: string, delimiter = ',') =>
  Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    delimiter,
    skipEmptyLines: true,
  }).data;
const slugOf = (product: BundleWorkflowProduct) => product.url_suggestion!.split('/').at(-1)!;
const parents = (products: BundleWorkflowProduct[]) => products.filter((p) => !p.is_multiple_of);

describe('one slug in the URL suggestion and in every file', () => {
  it('the suggestions transliterate ß, Cyrillic and Vietnamese', () => {
    const slugs = parents(withoutPages.products).map(slugOf);
    expect(slugs).toHaveLength(3);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(slugs.join(' ')).toContain('weisse-strassenlaterne');
    expect(slugs.join(' ')).toContain('sherstyanoy-sharf');
    expect(slugs.join(' ')).toContain('ao-dai-lua-dong-ho');
  });

  it('csv, Shopify handle, JSON-LD productGroupID and the Merchant matching spell it the same', async () => {
    const expected = parents(withoutPages.products).map(slugOf).sort();
    const csv = parse((await exportText(withoutPages.runId, 'csv')).file!);
    const csvSlugs = csv
      .filter((row) => row.variant_of === '')
      .map((row) => row.url_suggestion!.split('/').at(-1));
    expect(csvSlugs.sort()).toEqual(expected);
    const shopify = parse((await exportText(withoutPages.runId, 'shopify')).file!);
    expect([...new Set(shopify.map((row) => row.Handle))].sort()).toEqual(expected);
    const jsonld = jsonLdGraph((await exportText(withoutPages.runId, 'jsonld')).file!);
    expect(jsonld.map((node) => node.productGroupID).sort()).toEqual(expected);
    // A main feed whose links carry the slug matches every variant by it.
    const lines = ['id\tlink\tcolor'];
    for (const slug of expected)
      for (const colour of ['Red', 'Blue'])
        lines.push(`${slug}-${colour}\thttps://shop.example/products/${slug}\t${colour}`);
    const files = await exportText(withoutPages.runId, 'merchant', {
      merchant_id_scheme: 'from_feed',
      main_feed: { text: lines.join('\n') },
    });
    const [feed, report] = Object.values(files);
    expect(
      parse(feed!, '\t')
        .map((row) => row.id)
        .sort(),
    ).toEqual(
      lines
        .slice(1)
        .map((line) => line.split('\t')[0])
        .sort(),
    );
    expect(parse(report!)).toEqual([]);
  });

  it('neither redirects file implies a slug change no push made', async () => {
    expect(parse((await exportText(withPages.runId, 'redirects')).file!)).toEqual([]);
    expect(parse((await exportText(withPages.runId, 'woocommerce-redirects')).file!)).toEqual([]);
  });
});
