// Markup in product names never comes back out raw. A pasted list, a Shopify export and a WooCommerce export
// each name one product with entity-encoded markup (&lt;script&gt;…, which the import decodes) and one with
// raw markup; after the built-in writer, every format export-bundle offers is read whole (zips unpacked): no
// raw <script anywhere, HTML and name columns escaped, and the JSON-LD without a single <. A push to a
// connected WooCommerce store writes its fields the same way.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functions } from '../../src/common/contract/functions';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { type FakeWooCommerce, startFakeWooCommerce } from '../support/fake-woocommerce';
import { jsonLdGraph } from '../support/jsonld';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { wooCommerceCatalogue } from '../support/store-catalogues';
import { OFFLINE_WORKFLOW } from '../support/store-files';
import { postFunction, setupTestApp } from '../support/test-app';
import { unzipTexts } from '../support/unzip-texts';

let woo: FakeWooCommerce;
beforeAll(async () => {
  // WooCommerce's API answers names with their HTML entities, as its admin saved them.
  const catalogue = wooCommerceCatalogue(1).map((product, i) =>
    i === 0 ? { ...product, name: ENCODED, meta_data: [] } : product,
  );
  woo = await startFakeWooCommerce(catalogue, { consumerKey: 'ck_markup', consumerSecret: 'cs_markup' });
});
afterAll(() => woo?.close());

const t = setupTestApp({ env: () => ({ ALLOW_PRIVATE_STORE_HOSTS: woo.hostPort }) });

const ENCODED = '&lt;script&gt;alert(1)&lt;/script&gt; Chair';
const RAW = '<script>alert(2)</script> Table';
const ENCODED_BODY = '<p>Oak &lt;script&gt;alert(3)&lt;/script&gt; seat.</p>';
// A pasted list's names are taken as written, so its "&lt;" is text, escaped in turn; a store export's are
// decoded, and a raw <script> element in them is dropped with its content (html-to-text.ts).
const EXPECTED_NAMES: Record<string, string[]> = {
  pasted: [
    '&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt; Chair',
    '&lt;script&gt;alert(2)&lt;/script&gt; Table',
  ],
  shopify: ['&lt;script&gt;alert(1)&lt;/script&gt; Chair', 'Table'],
  woocommerce: ['&lt;script&gt;alert(1)&lt;/script&gt; Chair', 'Table'],
};
const FORMATS = functions['export-bundle'].request.shape.format.options;

const csv = (rows: string[][]) => Papa.unparse(rows);

const SHOPIFY = csv([
  ['Handle', 'Title', 'Body (HTML)', 'Vendor', 'Variant SKU', 'Variant Price', 'Image Src', 'Image Alt Text'],
  ['encoded-chair', ENCODED, ENCODED_BODY, 'Acme', 'SH-1', '10.00', 'https://shop.example/a.jpg', ENCODED],
  ['raw-table', RAW, '<p>A table.</p>', 'Acme', 'SH-2', '20.00', 'https://shop.example/b.jpg', RAW],
]);

const WOOCOMMERCE = csv([
  ['ID', 'Type', 'SKU', 'Name', 'Short description', 'Description', 'Regular price', 'Images'],
  ['11', 'simple', 'WC-1', ENCODED, ENCODED_BODY, ENCODED_BODY, '10', 'https://shop.example/c.jpg'],
  ['12', 'simple', 'WC-2', RAW, '<p>A table.</p>', '<p>A table.</p>', '20', 'https://shop.example/d.jpg'],
]);

type Bundle = { name: string; runId: number };
const bundles: Bundle[] = [];
let worker: RunningWorker | undefined;

async function createBundle(name: string, body: Record<string, unknown>): Promise<Bundle> {
  const created = await t.call('new-bundle', {
    bundle_name: name,
    workflow_id: OFFLINE_WORKFLOW,
    currency: 'EUR',
    ...body,
  });
  expect(created.status, name).toBe(200);
  await waitForRun(t.app, t.user.token, created.data.bundle_id, OFFLINE_WORKFLOW);
  return { name, runId: created.data.bundle_workflow_id };
}

beforeAll(async () => {
  worker = await startTestWorker(t.app);
  bundles.push(
    await createBundle('pasted', {
      columns: ['title', 'sku', 'brand', 'url', 'description'],
      raw_csv: csv([
        [ENCODED, 'PL-1', 'Acme', 'https://shop.example/products/encoded-chair', ENCODED_BODY],
        [RAW, 'PL-2', 'Acme', 'https://shop.example/products/raw-table', `A table ${RAW}`],
      ]),
    }),
    await createBundle('shopify', { store_export: { format: 'shopify', text: SHOPIFY } }),
    await createBundle('woocommerce', { store_export: { format: 'woocommerce', text: WOOCOMMERCE } }),
  );
}, 90_000);
afterAll(() => worker?.stop());

// The agent feed names its seller and the shop its handles are under, which no store file holds.
const AGENT_FEED = {
  seller: {
    name: 'Shop',
    store_url: 'https://shop.example',
    privacy_policy_url: 'https://shop.example/privacy',
    terms_of_service_url: 'https://shop.example/terms',
    refund_policy_url: 'https://shop.example/refunds',
  },
  currency: 'USD',
};

/** Every file of one export: the answer itself, or each file of a zip. */
async function exportFiles(bundle: Bundle, format: string): Promise<Record<string, string>> {
  const response = await postFunction(
    t.app,
    'export-bundle',
    {
      bundle_workflow_id: bundle.runId,
      format,
      ...(format === 'merchant' ? { merchant_id_scheme: 'sku' } : {}),
      ...(format === 'agent-feed' ? AGENT_FEED : {}),
    },
    t.user.token,
    { 'x-response-format': 'Uint8Array' },
  );
  expect(response.status, `${bundle.name} ${format}`).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (/zip/.test(response.headers.get('content-type') ?? '')) return unzipTexts(bytes);
  return { [format]: new TextDecoder().decode(bytes) };
}

const parseCsv = (text: string) =>
  Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true })
    .data;

describe.each(['pasted', 'shopify', 'woocommerce'])('a %s bundle with markup in its names', (name) => {
  const bundle = () => bundles.find((b) => b.name === name)!;

  it.each(FORMATS)('%s: no raw <script in any file', async (format) => {
    for (const [file, text] of Object.entries(await exportFiles(bundle(), format))) {
      expect(text, `${name} ${format} ${file}`).not.toMatch(/<\s*\/?\s*script/i);
    }
  });

  it('jsonld: not one < > or &, and the names read back with their text', async () => {
    const { jsonld } = await exportFiles(bundle(), 'jsonld');
    expect(jsonld).not.toMatch(/[<>&]/);
    expect(jsonLdGraph(jsonld!).length).toBe(2);
  });

  it('shopify and woocommerce: the names are escaped HTML, so a store that prints them shows the text', async () => {
    const names = parseCsv((await exportFiles(bundle(), 'shopify')).shopify!)
      .map((row) => row.Title)
      .filter(Boolean);
    const wooNames = parseCsv((await exportFiles(bundle(), 'woocommerce')).woocommerce!).map(
      (row) => row.Name,
    );
    expect(names).toEqual(EXPECTED_NAMES[name]);
    expect(wooNames).toEqual(EXPECTED_NAMES[name]);
  });
});

describe('a push to a connected store', () => {
  it('writes names and HTML fields with their markup escaped', async () => {
    const connected = await t.call('connect-store', {
      platform: 'woocommerce',
      store_url: woo.origin,
      consumer_key: 'ck_markup',
      consumer_secret: 'cs_markup',
    });
    expect(connected.status).toBe(200);
    const imported = await t.call('import-store', { store_id: connected.data.store.id, bundle_name: 'push' });
    expect(imported.status).toBe(200);
    const run = await waitForRun(t.app, t.user.token, imported.data.bundle_id, imported.data.workflow_id);
    const script = run.products.find((p) => /script/.test(p.product_details.product_name ?? ''));
    expect(script?.page_title).toMatch(/<script>/);
    await t.call('set-product-review', {
      bundle_workflow_product_ids: run.products.map((p) => p.id),
      review: 'approved',
    });
    const preview = await t.call('preview-push', {
      bundle_workflow_id: imported.data.bundle_workflow_id,
      store_id: connected.data.store.id,
    });
    expect(preview.status).toBe(200);
    const ours = preview.data.changes.filter((c) => c.bundle_workflow_product_id === script!.id);
    expect(ours.map((c) => c.field)).toEqual(expect.arrayContaining(['seo_title', 'short_description']));
    for (const change of ours) expect(change.after, change.field).not.toMatch(/<\s*\/?\s*script/i);
    expect(ours.find((c) => c.field === 'seo_title')?.after).toMatch(/^&lt;script&gt;alert\(1\)/);
  });
});
