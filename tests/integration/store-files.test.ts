// The store files as the store and Google take them, on two real exports (tests/fixtures/SOURCES.md):
// Shopify's 2023 product template (Color × Size, image-only rows, barcodes, prices) and WooCommerce's sample
// products (variable products with their variations). Each file is read back the way its importer reads it.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { parseErrorBody } from '../support/answers';
import { readFixture } from '../support/fixture-path';
import { jsonLdGraph } from '../support/jsonld';
import { startTestWorker } from '../support/pipeline';
import { exportStoreFile, importStoreExport, type StoreBundle } from '../support/store-files';
import { setupTestApp } from '../support/test-app';
import { unzipTexts } from '../support/unzip-texts';

const t = setupTestApp();
const SHOPIFY_FILE = 'shopify-product-template-2023.csv';
const WOO_FILE = 'woocommerce-sample-products.csv';

type Row = Record<string, string>;
const parse = (text: string, delimiter = ','): Row[] => {
  const parsed = Papa.parse<Row>(text.replace(/^\uFEFF/, ''), {
    header: true,
    delimiter,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
};

type Bundle = StoreBundle;
const bundles: Record<'shopify' | 'woo', Bundle> = {} as never;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  worker = await startTestWorker(t.app);
  bundles.shopify = await importStoreExport(t, 'shopify', SHOPIFY_FILE, 'usd');
  bundles.woo = await importStoreExport(t, 'woocommerce', WOO_FILE);
}, 120_000);
afterAll(() => worker?.stop());

const review = (ids: number[], state: 'approved' | 'pending') =>
  t.call('set-product-review', { bundle_workflow_product_ids: ids, review: state });

/** Shopify's importer reads a handle's rows as one product: its variants by option values, its images. */
function readShopify(rows: Row[]) {
  const products = new Map<string, { title: string; variants: string[]; images: string[]; copy: Row }>();
  for (const row of rows) {
    const handle = row.Handle!;
    if (!products.has(handle))
      products.set(handle, { title: row.Title!, variants: [], images: [], copy: row });
    const product = products.get(handle)!;
    const options = [row['Option1 Value'], row['Option2 Value'], row['Option3 Value']].filter(Boolean);
    if (options.length > 0) product.variants.push(`${options.join('/')}=${row['Variant SKU'] ?? ''}`);
    if (row['Image Src']) product.images.push(row['Image Src']);
  }
  return products;
}

const COPY_COLUMNS = new Set([
  'Body (HTML)',
  'SEO Title',
  'SEO Description',
  'Image Alt Text',
  'Image Position',
]);

describe('Shopify file', () => {
  it('reads back with every product, variant and image of the original; only the copy columns differ', async () => {
    const original = readShopify(parse(readFixture(SHOPIFY_FILE)));
    const { text } = await exportStoreFile(t, bundles.shopify, 'shopify');
    const exported = readShopify(parse(text));
    expect([...exported.keys()]).toEqual([...original.keys()]);
    for (const [handle, product] of original) {
      const back = exported.get(handle)!;
      expect(back.title, handle).toBe(product.title);
      expect(back.variants, handle).toEqual(product.variants);
      expect(back.images, handle).toEqual(product.images);
    }
    // Every column the file writes is the original's, or copy: nothing else is sent to overwrite.
    const header = Object.keys(parse(text)[0]!);
    const originalHeader = Object.keys(parse(readFixture(SHOPIFY_FILE))[0]!);
    for (const column of header)
      expect(originalHeader.includes(column) || COPY_COLUMNS.has(column)).toBe(true);
    // The copy did change: the generated SEO title is not the template's.
    expect(exported.get('example-shirt')!.copy['SEO Title']).not.toBe('');
  });

  it('only_approved: one variant approved brings the whole product, pending rows carry the store text', async () => {
    const shirt = bundles.shopify.products.filter((p) => p.product_details.handle === 'example-shirt');
    const parent = shirt.find((p) => !p.is_multiple_of)!;
    const variant = shirt.find((p) => p.is_multiple_of)!;
    expect(shirt).toHaveLength(12);
    await review([variant.id], 'approved');
    try {
      const { text } = await exportStoreFile(t, bundles.shopify, 'shopify', { only_approved: true });
      const rows = parse(text);
      const back = readShopify(rows);
      expect([...back.keys()]).toEqual(['example-shirt']);
      const original = readShopify(parse(readFixture(SHOPIFY_FILE))).get('example-shirt')!;
      expect(back.get('example-shirt')!.variants).toEqual(original.variants);
      expect(back.get('example-shirt')!.images).toEqual(original.images);
      // The parent's copy is pending: its row carries what the store has now.
      const first = rows[0]!;
      expect(first['SEO Title']).toBe(parent.store_copy?.page_title ?? '');
      const templateRow = parse(readFixture(SHOPIFY_FILE))[0]!;
      expect(first['SEO Title']).toBe(templateRow['SEO Title']);
      expect(first['Body (HTML)']).toBe(parent.store_copy?.description ?? '');
      expect(first['SEO Title']).not.toBe(parent.page_title);

      // The parent approved and its variants pending: still every variant row.
      await review([variant.id], 'pending');
      await review([parent.id], 'approved');
      const again = readShopify(
        parse((await exportStoreFile(t, bundles.shopify, 'shopify', { only_approved: true })).text),
      );
      expect(again.get('example-shirt')!.variants).toEqual(original.variants);
      expect(again.get('example-shirt')!.copy['SEO Title']).toBe(
        parent.page_title!.replace(/^[\s=+\-@]+/, ''),
      );
    } finally {
      await review([parent.id, variant.id], 'pending');
    }
  });

  it('redirects: no row when no push changed a handle, whatever the suggested handles', async () => {
    const rows = parse((await exportStoreFile(t, bundles.shopify, 'redirects')).text);
    expect(rows).toEqual([]);
  });
});

/** A main feed in the shape Shopify's Google channel sends: shopify_US_{product}_{variant}, ?variant= links. */
function shopifyMainFeed(): { text: string; ids: string[] } {
  const rows = parse(readFixture(SHOPIFY_FILE)).filter((row) => row['Option1 Value']);
  const products = new Map<string, number>();
  const lines = [['id', 'title', 'link', 'color', 'size', 'gtin', 'price'].join('\t')];
  const ids: string[] = [];
  rows.forEach((row, index) => {
    // The beanie is left out: the report must name it.
    if (row.Handle === 'example-hat') return;
    if (!products.has(row.Handle!)) products.set(row.Handle!, 7_000_000 + products.size);
    const variantId = 41_000_000 + index;
    const id = `shopify_US_${products.get(row.Handle!)}_${variantId}`;
    ids.push(id);
    const shirt = row.Handle === 'example-shirt';
    lines.push(
      [
        id,
        'Store title',
        `https://shop.example/products/${row.Handle}?variant=${variantId}`,
        shirt ? row['Option1 Value'] : '',
        shirt ? row['Option2 Value'] : row['Option1 Value'],
        '',
        '25.00 USD',
      ].join('\t'),
    );
  });
  return { text: `${lines.join('\n')}\n`, ids };
}

describe('Merchant Center supplemental feed', () => {
  it('from_feed: every id is one of the main feed; the product it lacks is reported; each value named once', async () => {
    const feed = shopifyMainFeed();
    const { response, bytes } = await exportStoreFile(t, bundles.shopify, 'merchant', {
      merchant_id_scheme: 'from_feed',
      main_feed: { text: feed.text },
    });
    expect(response.status).toBe(200);
    const files = unzipTexts(bytes);
    const [feedName, reportName] = Object.keys(files);
    const rows = parse(files[feedName!]!, '\t');
    expect(rows.map((row) => row.id).sort()).toEqual([...feed.ids].sort());
    // One row per sellable item: 12 shirts and 3 jeans, no made-up id.
    expect(rows).toHaveLength(15);
    for (const row of rows) {
      expect(feed.ids).toContain(row.id);
      const title = row.title!.toLowerCase();
      for (const value of ['green', 'blue', 'gray', 'purple'])
        expect(title.split(value).length - 1, row.title).toBeLessThanOrEqual(1);
    }
    // The built-in writer's text is plain title and description, never trained_algorithmic_media.
    expect(Object.keys(rows[0]!)).toEqual(['id', 'title', 'description']);
    expect(files[feedName!]).not.toContain('trained_algorithmic_media');
    const report = parse(files[reportName!]!);
    expect(report.map((row) => row.handle)).toEqual(['example-hat']);
  });

  it('woocommerce: ids are the export product and variation IDs, with the prefix; none for a variable parent', async () => {
    const { bytes } = await exportStoreFile(t, bundles.woo, 'merchant', {
      merchant_id_scheme: 'woocommerce',
      merchant_id_prefix: 'gla_',
    });
    const files = unzipTexts(bytes);
    const rows = parse(files[Object.keys(files)[0]!]!, '\t');
    const original = parse(readFixture(WOO_FILE));
    const variable = original.filter((row) => row.Type === 'variable').map((row) => `gla_${row.ID}`);
    const ids = rows.map((row) => row.id!);
    for (const id of ids) expect(original.map((row) => `gla_${row.ID}`)).toContain(id);
    for (const id of variable) expect(ids).not.toContain(id);
    for (const id of ['gla_76', 'gla_77', 'gla_78', 'gla_79', 'gla_80', 'gla_81']) expect(ids).toContain(id);
  });

  it('answers 400 naming the field for a bad scheme, prefix or main feed', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ merchant_id_scheme: 'guess' }, 'merchant_id_scheme'],
      [{ merchant_id_scheme: 'woocommerce', merchant_id_prefix: 'gla_ "x"' }, 'merchant_id_prefix'],
      [{ merchant_id_scheme: 'from_feed' }, 'main_feed'],
      [{ merchant_id_scheme: 'from_feed', main_feed: { text: 'title\tlink\nA\tb\n' } }, 'main_feed'],
      [
        { merchant_id_scheme: 'from_feed', main_feed: { text: '<rss><channel></channel></rss>' } },
        'main_feed',
      ],
    ];
    for (const [extra, field] of cases) {
      const { response, text } = await exportStoreFile(t, bundles.shopify, 'merchant', extra);
      expect(response.status, field).toBe(400);
      expect(parseErrorBody(JSON.parse(text)).message, field).toContain(field);
    }
    for (const product_base of ['../etc', 'a b', '/x//y']) {
      const { response, text } = await exportStoreFile(t, bundles.woo, 'woocommerce-redirects', {
        product_base,
      });
      expect(response.status, product_base).toBe(400);
      expect(parseErrorBody(JSON.parse(text)).message, product_base).toContain('product_base');
    }
  });
});

describe('structured data', () => {
  it('every Product with a price has offers with price and priceCurrency, sku and gtin from the file', async () => {
    const graph = jsonLdGraph((await exportStoreFile(t, bundles.shopify, 'jsonld')).text);
    const original = parse(readFixture(SHOPIFY_FILE)).filter((row) => row['Variant SKU']);
    const group = graph.find((node) => node.productGroupID === 'example-shirt')!;
    expect(group['@type']).toBe('ProductGroup');
    expect(group.variesBy).toEqual(['https://schema.org/color', 'https://schema.org/size']);
    const jeans = graph.find((node) => node.productGroupID === 'example-pants')!;
    expect(jeans.variesBy).toEqual(['https://schema.org/size']);
    const variants = [group, jeans].flatMap((node) => node.hasVariant ?? []);
    expect(variants).toHaveLength(15);
    for (const variant of variants) {
      const row = original.find((r) => r['Variant SKU'] === variant.sku)!;
      expect(row, String(variant.sku)).toBeDefined();
      expect(variant.gtin).toBe(row['Variant Barcode']);
      expect(variant.offers).toMatchObject({
        '@type': 'Offer',
        price: row['Variant Price'],
        priceCurrency: 'USD',
      });
      // A shirt's size is its second option, the jeans' their only one.
      expect(variant.size).toBe(row['Option2 Value'] || row['Option1 Value']);
      expect(variant.image).toBeDefined();
      expect(variant.name).not.toBe('');
      expect(variant.brand).toBeDefined();
    }
    // Tracked jeans in stock: the availability Google reads.
    expect(jeans.hasVariant![0]!.offers).toMatchObject({
      availability: 'https://schema.org/InStock',
    });
  });

  it('prices without a currency: a 400 naming currency; set-bundle-currency sets one, and refuses a code that is not ISO 4217', async () => {
    const before = await exportStoreFile(t, bundles.woo, 'jsonld');
    expect(before.response.status).toBe(400);
    expect(parseErrorBody(JSON.parse(before.text)).message).toContain('currency');
    const bad = await t.call('set-bundle-currency', { bundle_id: bundles.woo.bundleId, currency: 'EURO' });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toContain('currency');
    const unknown = await t.call('set-bundle-currency', { bundle_id: bundles.woo.bundleId, currency: 'XYZ' });
    expect(unknown.status).toBe(400);
    const set = await t.call('set-bundle-currency', { bundle_id: bundles.woo.bundleId, currency: 'eur' });
    expect(set.data).toEqual({ currency: 'EUR' });
    const graph = jsonLdGraph((await exportStoreFile(t, bundles.woo, 'jsonld')).text);
    const hoodie = graph.find(
      (node) => node.productGroupID && (node.hasVariant ?? []).some((v) => v.sku === 'woo-hoodie-red'),
    )!;
    const red = hoodie.hasVariant!.find((v) => v.sku === 'woo-hoodie-red')!;
    // "Sale price" 42 wins over "Regular price" 45.
    expect(red.offers).toMatchObject({
      price: '42',
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    });
    expect(hoodie.hasVariant!.map((v) => v.sku)).not.toContain('woo-hoodie');
    const badNew = await t.call('new-bundle', {
      bundle_name: 'x',
      store_export: { format: 'woocommerce', text: readFixture(WOO_FILE) },
      currency: 'dollars',
    });
    expect(badNew.status).toBe(400);
    expect(badNew.error?.message).toContain('currency');
  });
});

describe('WooCommerce file', () => {
  it('reads back by ID with every row of the original kept; only the copy columns differ', async () => {
    const original = new Map(parse(readFixture(WOO_FILE)).map((row) => [row.ID!, row]));
    const rows = parse((await exportStoreFile(t, bundles.woo, 'woocommerce')).text);
    expect(rows.map((row) => row.ID).sort()).toEqual([...original.keys()].sort());
    for (const row of rows) {
      const before = original.get(row.ID!)!;
      expect(row.SKU).toBe(before.SKU);
      expect(row.Name).toBe(before.Name);
    }
    const copy = new Set(['Short description', 'Description']);
    for (const column of Object.keys(rows[0]!))
      expect(
        column in parse(readFixture(WOO_FILE))[0]! || copy.has(column) || column.startsWith('Meta: '),
      ).toBe(true);
  });

  it('only_approved: a variation approved brings its variable product and every variation', async () => {
    const hoodie = bundles.woo.products.filter(
      (p) => p.product_details.sku === 'woo-hoodie' || p.product_details.parent_id === '45',
    );
    const variation = hoodie.find((p) => p.product_details.sku === 'woo-hoodie-green')!;
    await review([variation.id], 'approved');
    try {
      const rows = parse(
        (await exportStoreFile(t, bundles.woo, 'woocommerce', { only_approved: true })).text,
      );
      expect(rows.map((row) => row.ID).sort()).toEqual(['45', '79', '80', '81', '90']);
      const parentRow = rows.find((row) => row.ID === '45')!;
      const parent = hoodie.find((p) => p.product_details.sku === 'woo-hoodie')!;
      expect(parentRow['Meta: _yoast_wpseo_title']).toBe(parent.store_copy?.page_title ?? '');
    } finally {
      await review([variation.id], 'pending');
    }
  });

  it('redirects: the Redirection plugin CSV under the product base, real changes only', async () => {
    const rows = parse(
      (await exportStoreFile(t, bundles.woo, 'woocommerce-redirects', { product_base: 'shop' })).text,
    );
    for (const row of rows) {
      expect(row.source).toMatch(/^\/shop\/[^/]+\/$/);
      expect(row.target).toMatch(/^\/shop\/[^/]+\/$/);
      expect(row.source).not.toBe(row.target);
    }
  });
});
