// new-bundle with store_export: the server maps a Shopify or WooCommerce export with the browser's
// mapper, keeps the store's identifiers and options in product details, and links variants to the parent the
// store names. Bad exports get bad_input naming the problem and leave nothing behind.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  buildProductList,
  parseDelimitedText,
  prepareImport,
} from '../../src/common/store-files/product-import';
import { readStoreOptions } from '../../src/common/store-files/store-product-details';
import { readFixture } from '../support/fixture-path';
import { setupTestApp } from '../support/test-app';

const t = setupTestApp();

const fixtures = {
  woo: 'woocommerce-sample-products.csv',
  jewelry: 'shopify-jewelry.csv',
  template2023: 'shopify-product-template-2023.csv',
};

type StoreFormat = 'shopify' | 'woocommerce' | 'auto';
const importStore = (format: StoreFormat, text: string) =>
  t.call('new-bundle', { bundle_name: 'Store', store_export: { format, text } });

type RunProduct = {
  id: number;
  is_multiple_of: number | null;
  position: number;
  details: Record<string, string | null>;
};

async function runProducts(bundleWorkflowId: number): Promise<RunProduct[]> {
  const { rows } = await t.app.database.pool.query<RunProduct>(
    `select w.id, w.is_multiple_of, p.position, p.details
     from bundle_workflow_products w join products p on p.id = w.product_id
     where w.bundle_workflow_id = $1 order by p.position`,
    [bundleWorkflowId],
  );
  return rows;
}

async function countRows() {
  const { rows } = await t.app.database.pool.query(`
    select (select count(*) from bundles)::int as bundles, (select count(*) from products)::int as products,
           (select count(*) from bundle_workflows)::int as runs,
           (select count(*) from bundle_workflow_products)::int as run_products,
           (select count(*) from graphile_worker._private_jobs)::int as jobs`);
  return rows[0];
}

async function importFixture(format: StoreFormat, name: string): Promise<RunProduct[]> {
  const result = await importStore(format, readFixture(name));
  expect(result.error).toBeUndefined();
  expect(result.status).toBe(200);
  return runProducts(result.data.bundle_workflow_id);
}

describe('new-bundle from a WooCommerce export', () => {
  it('links every variation to the run product of the product its Parent names', async () => {
    const products = await importFixture('woocommerce', fixtures.woo);
    const rows = Papa.parse<Record<string, string>>(readFixture(fixtures.woo), {
      header: true,
      skipEmptyLines: 'greedy',
    }).data;
    const bySku = new Map(products.map((product) => [product.details.sku, product]));
    const variations = rows.filter((row) => row.Type === 'variation');
    expect(variations).toHaveLength(7);
    for (const row of variations) {
      const variation = bySku.get(row.SKU)!;
      const parent = bySku.get(row.Parent)!;
      expect(variation.is_multiple_of).toBe(parent.id);
      expect(variation.details).toMatchObject({ id: row.ID, sku: row.SKU, parent_id: parent.details.id });
      expect(readStoreOptions(variation.details).length).toBeGreaterThan(0);
    }
    // A product whose row names no parent is no variant, however alike the names ("Hoodie with Logo").
    for (const row of rows.filter((candidate) => !candidate.Parent)) {
      expect(bySku.get(row.SKU)!.is_multiple_of).toBeNull();
      expect(bySku.get(row.SKU)!.details.id).toBe(row.ID);
    }
    const greenHoodie = bySku.get('woo-hoodie-green')!;
    expect(readStoreOptions(greenHoodie.details)).toEqual([
      { name: 'Color', value: 'Green' },
      { name: 'Logo', value: 'No' },
    ]);
    // Package sizes describe the box and stay out of the product's details.
    expect(products.some((product) => 'package_weight' in product.details)).toBe(false);
  });
});

describe('new-bundle from a Shopify export', () => {
  for (const name of [fixtures.jewelry, fixtures.template2023]) {
    it(`keeps handles and options and links variants to their handle's first product (${name})`, async () => {
      const products = await importFixture('shopify', name);
      expect(products.length).toBeGreaterThan(1);
      const firstOfHandle = new Map<string, RunProduct>();
      let variants = 0;
      for (const product of products) {
        const handle = product.details.handle;
        expect(handle).toMatch(/^[a-z0-9-]+$/);
        const first = firstOfHandle.get(handle!);
        if (first) {
          variants += 1;
          expect(product.is_multiple_of).toBe(first.id);
          expect(product.details.parent_handle).toBe(handle);
        } else {
          firstOfHandle.set(handle!, product);
          expect(product.is_multiple_of).toBeNull();
        }
        // Options are colour, size, material or their own detail: never dimensions.
        for (const option of readStoreOptions(product.details)) {
          expect(product.details.dimensions ?? '').not.toContain(option.value);
        }
      }
      expect(variants).toBeGreaterThan(0);
      expect(products.some((product) => readStoreOptions(product.details).length > 0)).toBe(true);
    });
  }

  it('creates the same products as the browser path (columns + raw_csv from the same mapper)', async () => {
    const text = readFixture(fixtures.jewelry);
    const table = prepareImport(parseDelimitedText(text).rows);
    const list = buildProductList(table, table.mapping);
    const fromBrowser = await t.call('new-bundle', {
      bundle_name: 'Browser',
      columns: list.columns,
      raw_csv: list.raw_csv,
    });
    expect(fromBrowser.status).toBe(200);
    const browserProducts = await runProducts(fromBrowser.data.bundle_workflow_id);
    const serverProducts = await importFixture('auto', fixtures.jewelry);
    const listColumns = (product: RunProduct) =>
      Object.fromEntries(
        Object.entries(product.details).filter(([key]) => key in browserProducts[0]!.details),
      );
    expect(serverProducts.map(listColumns)).toEqual(browserProducts.map((product) => product.details));
  });
});

describe('new-bundle store_export bad input', () => {
  const shopify = readFixture(fixtures.jewelry);
  const woo = readFixture(fixtures.woo);
  const cases: [
    string,
    () => Promise<{ status: number; error?: { type: string; message?: string } }>,
    RegExp,
  ][] = [
    [
      'an unknown format',
      () => importStore('magento' as StoreFormat, shopify),
      /Unknown store export format "magento"; use shopify, woocommerce or auto/,
    ],
    [
      'a WooCommerce file sent as Shopify',
      () => importStore('shopify', woo),
      /The file is a WooCommerce export, not a Shopify export/,
    ],
    [
      'a Shopify file sent as WooCommerce',
      () => importStore('woocommerce', shopify),
      /The file is a Shopify export, not a WooCommerce export/,
    ],
    [
      'a spreadsheet sent as auto',
      () => importStore('auto', 'title,brand\nChair,Nordhaus\n'),
      /neither a Shopify export .* nor a WooCommerce export/,
    ],
    [
      'a text that is not CSV',
      () => importStore('auto', 'Just a note about some chairs\nand a second line\n'),
      /not CSV: its first line has no separated columns/,
    ],
    [
      'broken quoting',
      () => importStore('shopify', 'Handle,Title,Body (HTML)\nchair,Chair,"never closed\n'),
      /not valid CSV: Row 2/,
    ],
    [
      'binary text',
      () => importStore('auto', 'Handle,Title\nchair,Ch\u0003air\u0001\n'),
      /binary, not CSV text: line 2 holds the character U\+0003/,
    ],
    [
      'a NUL byte',
      () => importStore('auto', 'Handle,Title\nchair,Ch\u0000air\n'),
      /store_export\.text contains a NUL character/,
    ],
    ['an empty export', () => importStore('auto', '  \n'), /The store export is empty/],
    [
      'a bad image URL, named by the product handle',
      () =>
        importStore(
          'shopify',
          'Handle,Title,Body (HTML),Image Src\nchair,Chair,Oak,https://img.example/a.jpg\nstool,Stool,Oak,ftp://img.example/b.jpg\n',
        ),
      /Row 2 \(handle stool\), column image_urls has an invalid image URL "ftp:\/\/img.example\/b.jpg"/,
    ],
    [
      'both shapes at once',
      () =>
        t.call('new-bundle', {
          bundle_name: 'Both',
          columns: ['title'],
          raw_csv: 'Chair',
          store_export: { format: 'auto', text: shopify },
        }),
      /exactly one of the two/,
    ],
    ['neither shape', () => t.call('new-bundle', { bundle_name: 'Neither' }), /exactly one of the two/],
  ];

  for (const [problem, send, message] of cases) {
    it(`refuses ${problem} with bad_input, writing nothing`, async () => {
      const before = await countRows();
      const result = await send();
      expect(result.status).toBe(400);
      expect(result.error?.type).toBe('bad_input');
      expect(result.error?.message).toMatch(message);
      expect(await countRows()).toEqual(before);
    });
  }
});
