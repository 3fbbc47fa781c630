import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { BundleWorkflowProduct, ImageDetail } from '../../../common/contract/entities';
import {
  buildExportRows,
  EXPORT_HEADERS,
  exportRowsToCsv,
  exportRowsToJson,
  neutraliseFormula,
  shopifyHandle,
  toShopifyBodyHtml,
} from './rows';

const image = (id: number, url: string, alt: string | null): ImageDetail => ({
  bundle_workflow_products_image_id: id,
  url,
  alt_text: alt,
  compression_requested: false,
  compression_processing_id: null,
  compression_complete: false,
  original_bytes: null,
  compressed_bytes: null,
  compression_error: null,
});

function product(id: number, overrides: Partial<BundleWorkflowProduct> = {}): BundleWorkflowProduct {
  return {
    id,
    product_id: id + 100,
    bundle_workflow_id: 1,
    product_details: { product_name: `Product ${id}` },
    page_title: `Title ${id}`,
    meta_description: `Meta ${id}`,
    heading: `Heading ${id}`,
    description: `Description ${id}`,
    fact_sheet: null,
    progress: 100,
    status: 'done',
    error: null,
    url_suggestion_level: '',
    review_state: 'pending',
    problems: null,
    locked_fields: [],
    version: id,
    url_suggestion: `/products/product-${id}`,
    is_multiple_of: null,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    image_details: [],
    ...overrides,
  };
}

describe('CSV export (SPEC §3, §9)', () => {
  const products = [
    product(3, { is_multiple_of: 1, url_suggestion_level: 'order' }),
    product(1, {
      fact_sheet: 'Brand: Nordic\nColour: Grey',
      image_details: [image(7, 'https://x.test/a.jpg', 'A "grey" throw')],
    }),
    product(2, {
      page_title: '=HYPERLINK("http://evil.test")',
      meta_description: null,
      url_suggestion_level: 'missing',
    }),
  ];
  const csv = exportRowsToCsv(buildExportRows(products));

  it('starts with a BOM and takes its headers from the row keys, every string quoted', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header] = csv.slice(1).split('\r\n');
    expect(header).toBe(EXPORT_HEADERS.map((key) => `"${key}"`).join(','));
    expect(header).toBe(
      '"id","variant_of","page_title","meta_description","heading","description","url_suggestion","url_suggestion_level","image_details"',
    );
  });

  it('sorts rows by id, quotes strings and leaves numbers bare', () => {
    const rows = Papa.parse<string[]>(csv.slice(1)).data.slice(1);
    expect(rows.map((row) => row[0])).toEqual(['1', '2', '3']);
    expect(rows[2]![1]).toBe('1');
    expect(csv).toContain(
      '\r\n3,1,"Title 3","Meta 3","Heading 3","Description 3","/products/product-3","order","[]"',
    );
  });

  it('appends the fact sheet to the description after a blank line', () => {
    const rows = Papa.parse<string[]>(csv.slice(1)).data;
    expect(rows[1]![5]).toBe('Description 1\n\nBrand: Nordic\nColour: Grey');
    expect(rows[2]![5]).toBe('Description 2');
  });

  it('neutralises a cell that starts with = and writes image_details as JSON text', () => {
    const rows = Papa.parse<string[]>(csv.slice(1)).data;
    expect(rows[2]![2]).toBe('\'=HYPERLINK("http://evil.test")');
    expect(rows[2]![3]).toBe('');
    expect(JSON.parse(rows[1]![8]!)).toEqual([image(7, 'https://x.test/a.jpg', 'A "grey" throw')]);
  });

  it('neutralises every formula lead character', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠'])
      expect(neutraliseFormula(`${lead}1`)).toBe(`'${lead}1`);
    expect(neutraliseFormula('Plain')).toBe('Plain');
  });

  it('fails on empty output (SPEC §5)', () => {
    expect(() => exportRowsToCsv([])).toThrow('There is nothing to export yet.');
  });

  it('exports the same rows as JSON', () => {
    const rows = JSON.parse(exportRowsToJson(buildExportRows(products)));
    expect(rows.map((row: { id: number }) => row.id)).toEqual([1, 2, 3]);
    expect(rows[0].description).toBe('Description 1\n\nBrand: Nordic\nColour: Grey');
    expect(rows[0].image_details[0].alt_text).toBe('A "grey" throw');
    expect(rows[1].page_title).toBe('=HYPERLINK("http://evil.test")');
  });
});

describe('Shopify handles and body HTML', () => {
  it('keeps going past a product whose URL has a broken percent escape, keeping that handle as it is', () => {
    const broken = product(1, {
      product_details: { product_name: 'Lamp', url: 'https://shop.test/products/lamp-%E0%A4%A' },
    });
    const encoded = product(2, {
      product_details: { product_name: 'Mug', url: 'https://shop.test/products/caf%C3%A9-mug' },
    });
    expect(shopifyHandle(broken)).toBe('lamp-%e0%a4%a');
    expect(shopifyHandle(encoded)).toBe('café-mug');
  });

  it('makes a handle from the URL suggestion without a /products/ URL, then from the name, then the id', () => {
    const mug = { product_details: { product_name: 'Crème Mug' } };
    expect(shopifyHandle(product(3, { ...mug, url_suggestion: '/mugs/creme-mug-hemma' }))).toBe(
      'creme-mug-hemma',
    );
    expect(shopifyHandle(product(4, { ...mug, url_suggestion: '' }))).toBe('creme-mug');
    expect(shopifyHandle(product(5, { product_details: { product_name: '' }, url_suggestion: '' }))).toBe(
      'product-5',
    );
  });

  it('writes a paragraph per blank-line block, escaped, and the fact sheet as a list', () => {
    expect(toShopifyBodyHtml('Para one.\n\nPara <two>.', 'Size: Small')).toBe(
      '<p>Para one.</p>\n<p>Para &lt;two&gt;.</p>\n<ul><li>Size: Small</li></ul>',
    );
  });

  it('writes a block of "- " items as a list, never as dashes between line breaks', () => {
    // The built-in writer's copy of a WooCommerce store's bullets (tests/fixtures/woocommerce-tgmodz-excerpt.csv).
    const description =
      'Join our Discord server.\n\n- Recovery Purchased\n- Order ID\n- GTA Platform & login details';
    expect(toShopifyBodyHtml(description)).toBe(
      '<p>Join our Discord server.</p>\n<ul><li>Recovery Purchased</li><li>Order ID</li><li>GTA Platform &amp; login details</li></ul>',
    );
    // A dash inside a sentence, or a block that is not all items, stays a paragraph.
    expect(toShopifyBodyHtml('Sizes - S to XL.\n- Cotton')).toBe('<p>Sizes - S to XL.<br>- Cotton</p>');
  });
});
