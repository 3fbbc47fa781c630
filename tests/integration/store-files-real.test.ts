// On the real exports the first store-file test does not read (tests/fixtures/SOURCES.md): Shopify's
// documented example as solidus_importer ships it (Color × Size, option names on the first row only, a first
// row with no values, image-only rows, a metafield-only row, one image URL used five times) and a WooCommerce
// store's own export (a variable product whose variations name it by `id:20`, Yoast columns, 152 header fields
// but 130 per record). Each file is read back the way its importer reads it.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { readFixture } from '../support/fixture-path';
import { jsonLdGraph } from '../support/jsonld';
import { startTestWorker } from '../support/pipeline';
import { exportStoreFile, importStoreExport, type StoreBundle } from '../support/store-files';
import { setupTestApp } from '../support/test-app';
import { unzipTexts } from '../support/unzip-texts';

const t = setupTestApp();
const SNEAKER = 'shopify-solidus-importer-sneaker.csv';
const TGMODZ = 'woocommerce-tgmodz-excerpt.csv';

type Row = Record<string, string>;
/** Rows by header; `lenient` for a store's file whose records are shorter than its header (WooCommerce's). */
const parse = (text: string, { delimiter = ',', lenient = false } = {}): Row[] => {
  const parsed = Papa.parse<Row>(text.replace(/^\uFEFF/, ''), {
    header: true,
    delimiter,
    skipEmptyLines: true,
  });
  if (!lenient) expect(parsed.errors).toEqual([]);
  return parsed.data;
};

type Bundle = StoreBundle;
const bundles: Record<'sneaker' | 'tgmodz', Bundle> = {} as never;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  worker = await startTestWorker(t.app);
  bundles.sneaker = await importStoreExport(t, 'shopify', SNEAKER, 'USD');
  bundles.tgmodz = await importStoreExport(t, 'woocommerce', TGMODZ, 'EUR');
}, 120_000);
afterAll(() => worker?.stop());

const review = (ids: number[], state: 'approved' | 'pending') =>
  t.call('set-product-review', { bundle_workflow_product_ids: ids, review: state });

/**
 * Shopify's importer on one handle: option names from its first row, a variant per row with an option value
 * (named by those names), the images in order, and the first row's copy.
 */
function readShopify(rows: Row[]) {
  const products = new Map<
    string,
    { title: string; names: string[]; variants: string[]; images: string[]; copy: Row }
  >();
  for (const row of rows) {
    const handle = row.Handle!;
    if (!products.has(handle)) {
      const names = [row['Option1 Name'], row['Option2 Name'], row['Option3 Name']].filter(
        Boolean,
      ) as string[];
      products.set(handle, { title: row.Title!, names, variants: [], images: [], copy: row });
    }
    const product = products.get(handle)!;
    const values = [row['Option1 Value'], row['Option2 Value'], row['Option3 Value']];
    if (values.some(Boolean))
      product.variants.push(
        `${product.names.map((name, i) => `${name}=${values[i] ?? ''}`).join('/')} ${row['Variant SKU'] ?? ''}`,
      );
    if (row['Image Src']) product.images.push(row['Image Src']);
  }
  return products;
}

const SHOPIFY_COPY = new Set([
  'Body (HTML)',
  'SEO Title',
  'SEO Description',
  'Image Alt Text',
  'Image Position',
]);

describe('Shopify: the documented example with options on the first row only', () => {
  it('reads back with the same option names, variants and images; only copy columns are added', async () => {
    const original = readShopify(parse(readFixture(SNEAKER)));
    const { text } = await exportStoreFile(t, bundles.sneaker, 'shopify');
    const exported = readShopify(parse(text));
    expect([...exported.keys()]).toEqual([...original.keys()]);
    const sneaker = exported.get('hightop-sports-sneaker')!;
    const before = original.get('hightop-sports-sneaker')!;
    expect(sneaker.title).toBe(before.title);
    expect(sneaker.names).toEqual(['Color', 'Size']);
    expect(sneaker.variants).toEqual(before.variants);
    expect(sneaker.variants).toEqual([
      'Color=White/Size=9.5 a-123',
      'Color=Black/Size=10 a-456',
      'Color=Blue/Size=6 b-001',
    ]);
    // The one image URL the file repeats is one image of the product.
    expect(sneaker.images).toEqual([...new Set(before.images)]);
    const header = Object.keys(parse(text)[0]!);
    const originalHeader = Object.keys(parse(readFixture(SNEAKER))[0]!);
    for (const column of header)
      expect(originalHeader.includes(column) || SHOPIFY_COPY.has(column), column).toBe(true);
    expect(sneaker.copy['SEO Title']).not.toBe('');
  });

  it('only_approved with the parent approved and its variants pending: every variant row, store text on them', async () => {
    const parent = bundles.sneaker.products.find((p) => !p.is_multiple_of)!;
    const variants = bundles.sneaker.products.filter((p) => p.is_multiple_of === parent.id);
    expect(variants).toHaveLength(3);
    await review([parent.id], 'approved');
    try {
      const rows = parse(
        (await exportStoreFile(t, bundles.sneaker, 'shopify', { only_approved: true })).text,
      );
      const back = readShopify(rows).get('hightop-sports-sneaker')!;
      expect(back.variants).toEqual(
        readShopify(parse(readFixture(SNEAKER))).get('hightop-sports-sneaker')!.variants,
      );
      expect(back.copy['SEO Title']).toBe(parent.page_title!.replace(/^[\s=+\-@]+/, ''));
      // A pending variant's own copy never reaches the file: the variant rows carry no SEO or body text.
      for (const row of rows.slice(1)) {
        expect(row['SEO Title'] ?? '').toBe('');
        expect(row['Body (HTML)'] ?? '').toBe('');
      }
    } finally {
      await review([parent.id], 'pending');
    }
  });

  it('redirects: no row when no push changed a handle, whatever the suggested handle', async () => {
    expect(parse((await exportStoreFile(t, bundles.sneaker, 'redirects')).text)).toEqual([]);
  });

  it('JSON-LD: a ProductGroup varying by color and size, each variant with its values, sku and offer', async () => {
    const group = jsonLdGraph((await exportStoreFile(t, bundles.sneaker, 'jsonld')).text).find(
      (node) => node.productGroupID === 'hightop-sports-sneaker',
    )!;
    expect(group['@type']).toBe('ProductGroup');
    expect(group.variesBy).toEqual(['https://schema.org/color', 'https://schema.org/size']);
    const variants = group.hasVariant ?? [];
    const rows = parse(readFixture(SNEAKER)).filter((row) => row['Variant SKU']);
    // The first row, with option names and no values, is no variant; the three variant rows are.
    expect(variants.map((v) => v.sku)).toEqual(rows.map((row) => row['Variant SKU']));
    for (const variant of variants) {
      const row = rows.find((r) => r['Variant SKU'] === variant.sku)!;
      expect(variant).toMatchObject({ color: row['Option1 Value'], size: row['Option2 Value'] });
      expect(variant.offers).toMatchObject({ price: row['Variant Price'], priceCurrency: 'USD' });
      expect(variant.gtin).toBeUndefined();
      expect(variant.image).toEqual([row['Variant Image']]);
      expect(variant.additionalProperty).toBeUndefined();
    }
  });

  it('Merchant feed from the main feed: one row per variant, ids of the main feed, each value named once', async () => {
    const rows = parse(readFixture(SNEAKER)).filter((row) => row['Variant SKU']);
    const ids = rows.map((_, i) => `shopify_US_8000001_${42_000_000 + i}`);
    const feed = [
      ['id', 'title', 'link', 'color', 'size', 'price'].join('\t'),
      ...rows.map((row, i) =>
        [
          ids[i],
          'Mens Casual Hightop Sports Shoe',
          `https://shop.example/products/hightop-sports-sneaker?variant=${42_000_000 + i}`,
          row['Option1 Value'],
          row['Option2 Value'],
          `${row['Variant Price']} USD`,
        ].join('\t'),
      ),
    ].join('\n');
    const { response, bytes } = await exportStoreFile(t, bundles.sneaker, 'merchant', {
      merchant_id_scheme: 'from_feed',
      main_feed: { text: `${feed}\n` },
    });
    expect(response.status).toBe(200);
    const files = unzipTexts(bytes);
    const [feedName, reportName] = Object.keys(files);
    const out = parse(files[feedName!]!, { delimiter: '\t' });
    expect(out.map((row) => row.id).sort()).toEqual([...ids].sort());
    for (const row of out) {
      const title = row.title!.toLowerCase();
      for (const value of ['white', 'black', 'blue'])
        expect(title.split(value).length - 1, row.title).toBeLessThanOrEqual(1);
    }
    expect(files[feedName!]).not.toContain('trained_algorithmic_media');
    expect(parse(files[reportName!]!)).toEqual([]);
  });
});

describe('WooCommerce: a store export with Yoast columns and variations linked by id:', () => {
  const originalRows = () => parse(readFixture(TGMODZ), { lenient: true });

  it('reads back by ID with every row; only the copy and SEO meta columns are written', async () => {
    const rows = parse((await exportStoreFile(t, bundles.tgmodz, 'woocommerce')).text);
    const original = new Map(originalRows().map((row) => [row.ID!, row]));
    expect(rows.map((row) => row.ID)).toEqual([...original.keys()]);
    for (const row of rows) expect(row.Name).toBe(original.get(row.ID!)!.Name);
    for (const column of Object.keys(rows[0]!))
      expect(
        ['ID', 'SKU', 'Name', 'Short description', 'Description'].includes(column) ||
          column.startsWith('Meta: '),
      ).toBe(true);
    // Escapes decoded (no literal \n, no Â); the store's bullets a list, not dashes between <br>s.
    for (const row of rows) {
      for (const column of ['Meta: _yoast_wpseo_metadesc', 'Meta: _yoast_wpseo_title', 'Description'])
        expect(row[column]).not.toMatch(/\\n|Â|â€|<br>- /);
      expect(row.Description).toContain('<li>Order ID</li>');
    }
  });

  it('only_approved: one variation approved brings the variable product and all its variations', async () => {
    const variation = bundles.tgmodz.products.find((p) => p.product_details.id === '22')!;
    await review([variation.id], 'approved');
    try {
      const rows = parse(
        (await exportStoreFile(t, bundles.tgmodz, 'woocommerce', { only_approved: true })).text,
      );
      expect(rows.map((row) => row.ID).sort()).toEqual(['20', '21', '22', '23']);
      const parent = bundles.tgmodz.products.find((p) => p.product_details.id === '20')!;
      // The parent is pending: its Yoast description is the store's own, decoded.
      expect(rows.find((row) => row.ID === '20')!['Meta: _yoast_wpseo_metadesc']).toBe(
        parent.store_copy?.meta_description ?? '',
      );
    } finally {
      await review([variation.id], 'pending');
    }
  });

  it('Merchant feed, woocommerce ids: the variation IDs, none for the variable parent', async () => {
    const { bytes } = await exportStoreFile(t, bundles.tgmodz, 'merchant', {
      merchant_id_scheme: 'woocommerce',
    });
    const files = unzipTexts(bytes);
    const rows = parse(files[Object.keys(files)[0]!]!, { delimiter: '\t' });
    expect(rows.map((row) => row.id).sort()).toEqual(['21', '22', '23']);
    for (const row of rows)
      expect(row.title!.split(/champions|titans|legends/i).length - 1).toBeLessThanOrEqual(1);
  });

  it('JSON-LD: "Tiers" is no property Google lists for variesBy, so each variant carries it as additionalProperty', async () => {
    const group = jsonLdGraph((await exportStoreFile(t, bundles.tgmodz, 'jsonld')).text).find(
      (node) => node['@type'] === 'ProductGroup',
    )!;
    // Google lists color, size, material, pattern, suggestedAge and suggestedGender (docs/store-formats.md §d).
    expect(group).not.toHaveProperty('variesBy');
    const variants = group.hasVariant ?? [];
    expect(variants).toHaveLength(3);
    const prices = Object.fromEntries(originalRows().map((row) => [row.Name, row['Regular price']]));
    for (const variant of variants) {
      const [tier] = variant.additionalProperty ?? [];
      expect(tier).toMatchObject({ '@type': 'PropertyValue', name: 'Tiers' });
      expect(['Champions', 'Titans', 'Legends']).toContain(tier!.value);
      expect(variant.offers).toMatchObject({
        price: prices[`GTA Recovery Packs - ${tier!.value}`],
        priceCurrency: 'EUR',
      });
    }
  });

  it('redirects: the Redirection plugin CSV has no row when no push changed a slug', async () => {
    expect(parse((await exportStoreFile(t, bundles.tgmodz, 'woocommerce-redirects')).text)).toEqual([]);
  });
});
