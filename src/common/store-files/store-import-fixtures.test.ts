// The store-import rules (docs/store-formats.md), checked on the stores' own sample files (tests/fixtures/SOURCES.md).
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../tests/support/fixture-path';
import { mapRecord, parseDelimitedText, prepareImport } from './product-import';

const load = (name: string) => prepareImport(parseDelimitedText(readFixture(name)).rows);
/** The fixture's own rows as objects by header, for comparing with what the import made of them. */
const rowsOf = (name: string) =>
  Papa.parse<Record<string, string>>(readFixture(name), { header: true, skipEmptyLines: 'greedy' }).data;

describe('WooCommerce sample catalogue', () => {
  const table = load('woocommerce-sample-products.csv');
  const rows = rowsOf('woocommerce-sample-products.csv');
  const products = table.records.map((record) => mapRecord(record, table.mapping));

  it('links every variation to the id of the product its Parent names, not by name', () => {
    const variations = rows.filter((row) => row.Type === 'variation');
    expect(variations).toHaveLength(7);
    for (const row of variations) {
      const index = rows.indexOf(row);
      const parent = rows.find((candidate) => candidate.SKU === row.Parent)!;
      expect(table.details[index]).toMatchObject({
        id: row.ID,
        sku: row.SKU,
        product_type: 'variation',
        parent_id: parent.ID,
        parent_index: rows.indexOf(parent),
      });
    }
    const greenHoodie = table.details[rows.findIndex((row) => row.Name === 'Hoodie - Green, No')]!;
    expect(greenHoodie.parent_id).toBe('45');
    expect(greenHoodie.options).toEqual([
      { name: 'Color', value: 'Green' },
      { name: 'Logo', value: 'No' },
    ]);
    // Products without a Parent link to nothing.
    rows.forEach((row, index) => {
      if (!row.Parent) expect(table.details[index]!.parent_index).toBeNull();
    });
  });

  it('keeps every id and SKU', () => {
    expect(table.details.map((details) => [details.id, details.sku])).toEqual(
      rows.map((row) => [row.ID, row.SKU]),
    );
  });

  it('keeps package Length/Width/Height out of dimensions, titles and slugs', () => {
    expect(table.mapping.dimensions).toBeNull();
    for (const product of products) expect(product.dimensions).toBeUndefined();
    const hoodie = table.details[rows.findIndex((row) => row.SKU === 'woo-hoodie')]!;
    expect(hoodie).toMatchObject({
      package_weight: '1.5 lbs',
      package_length: '10 in',
      package_width: '8 in',
      package_height: '3 in',
    });
  });

  it('lists the children of the grouped product and keeps the external URL', () => {
    const grouped = table.details[rows.findIndex((row) => row.Type === 'grouped')]!;
    expect(grouped.grouped_children).toEqual(['46', '47', '48']);
    const external = rows.find((row) => row.Type === 'external')!;
    expect(table.details[rows.indexOf(external)]).toMatchObject({
      product_type: 'external',
      external_url: external['External URL'],
      button_text: 'Buy on the WordPress swag store!',
    });
    expect(external['External URL']).toMatch(/^https:\/\/mercantile\.wordpress\.org\//);
  });

  it('maps attributes by name: a variation its own colour, a variable product none of its lists', () => {
    expect(products[rows.findIndex((row) => row.SKU === 'woo-vneck-tee-red')]!.colour).toBe('Red');
    expect(products[rows.findIndex((row) => row.SKU === 'woo-vneck-tee')]!.colour).toBeUndefined();
    expect(products[rows.findIndex((row) => row.SKU === 'woo-cap')]!.colour).toBe('Yellow');
  });

  it('reads every product type in the sample', () => {
    expect(new Set(table.details.map((details) => details.product_type))).toEqual(
      new Set(['simple', 'simple, downloadable, virtual', 'variable', 'variation', 'grouped', 'external']),
    );
  });
});

const SHOPIFY_FIXTURES = [
  'shopify-jewelry.csv',
  'shopify-apparel.csv',
  'shopify-home-and-garden.csv',
  'shopify-product-template-2023.csv',
  'shopify-product-template-2024.csv',
];

describe.each(SHOPIFY_FIXTURES)('Shopify %s', (name) => {
  const table = load(name);
  const rows = rowsOf(name);
  const products = table.records.map((record) => mapRecord(record, table.mapping));
  const handleOf = (row: Record<string, string>) => row.Handle ?? row['URL handle'] ?? '';
  const variantImageOf = (row: Record<string, string>) =>
    (row['Variant Image'] ?? row['Variant image URL'] ?? '').trim();

  it('is read as a Shopify export, one product per handle', () => {
    expect(table.format).toBe('shopify');
    expect(table.warnings).toEqual([]);
    const handles = [...new Set(rows.map(handleOf))];
    const firsts = table.details.filter((details) => details.parent_index === null);
    expect(firsts.map((details) => details.handle)).toEqual(handles);
  });

  it('puts no option value in dimensions', () => {
    expect(table.mapping.dimensions).toBeNull();
    const optionValues = new Set(table.details.flatMap((details) => details.options.map((o) => o.value)));
    for (const product of products) {
      if (product.dimensions) expect(optionValues.has(product.dimensions)).toBe(false);
    }
  });

  it('links each variant to the first record of its handle', () => {
    table.details.forEach((details, index) => {
      if (details.parent_index === null) return;
      const parent = table.details[details.parent_index]!;
      expect(parent.parent_index).toBeNull();
      expect(parent.handle).toBe(details.handle);
      expect(details.parent_handle).toBe(details.handle);
      expect(products[index]!.title).toBe(products[details.parent_index]!.title);
    });
  });

  it('gives a variant the image its Variant Image names, and product images to the product only', () => {
    const productImages = new Set(
      rows.map((row) => (row['Image Src'] ?? row['Product image URL'] ?? '').trim()).filter(Boolean),
    );
    const variantRows = rows.filter(
      (row, index) =>
        index === rows.findIndex((r) => handleOf(r) === handleOf(row)) ||
        row['Option1 Value'] ||
        row['Option1 value'],
    );
    expect(table.details).toHaveLength(variantRows.length);
    variantRows.forEach((row, index) => {
      const details = table.details[index]!;
      const image = variantImageOf(row);
      expect(details.variant_image).toBe(image || undefined);
      if (details.parent_index === null) {
        if (image) expect(products[index]!.image_urls?.split('|')).toContain(image);
      } else {
        expect(products[index]!.image_urls).toBe(image || undefined);
      }
    });
    const productRecordImages = table.details
      .map((details, index) => (details.parent_index === null ? products[index]!.image_urls : ''))
      .flatMap((urls) => urls?.split('|') ?? []);
    for (const url of productImages) expect(productRecordImages).toContain(url);
  });
});

describe('Shopify option and SEO details', () => {
  it('maps Color and Colour to one colour column, with the option names kept (jewellery, no SKUs)', () => {
    const table = load('shopify-jewelry.csv');
    const products = table.records.map((record) => mapRecord(record, table.mapping));
    expect(table.headers.filter((header) => header.endsWith(' (option)'))).toEqual(['Colour (option)']);
    expect(table.details.every((details) => details.sku === undefined)).toBe(true);
    const bracelet = table.details.findIndex((details) => details.handle === 'chain-bracelet');
    expect(products.slice(bracelet, bracelet + 2).map((product) => product.colour)).toEqual([
      'Blue',
      'Black',
    ]);
    expect(table.details[bracelet + 1]).toMatchObject({
      options: [{ name: 'Color', value: 'Black' }],
      variant_image: 'https://burst.shopifycdn.com/photos/7-chakra-bracelet_925x.jpg',
    });
  });

  it('maps two options by name and keeps the current SEO title, description and alt texts (2023 template)', () => {
    const table = load('shopify-product-template-2023.csv');
    const products = table.records.map((record) => mapRecord(record, table.mapping));
    const shirt = table.details.filter((details) => details.handle === 'example-shirt');
    expect(shirt).toHaveLength(12);
    expect(shirt[4]!.options).toEqual([
      { name: 'Color', value: 'Blue' },
      { name: 'Size', value: 'M' },
    ]);
    expect(products[4]).toMatchObject({ colour: 'Blue', size: 'M' });
    expect(shirt[0]!.current_page_title).toBeTruthy();
    expect(shirt[0]!.current_meta_description).toBeTruthy();
    expect(shirt[0]!.current_image_alt_texts?.length).toBe(products[0]!.image_urls?.split('|').length);
    expect(table.details.find((details) => details.handle === 'example-pants')!.options).toEqual([
      { name: 'Size', value: '28' },
    ]);
  });

  it('reads the 2024 template by "URL handle", keeping SKUs and options that are neither colour nor size', () => {
    const table = load('shopify-product-template-2024.csv');
    const products = table.records.map((record) => mapRecord(record, table.mapping));
    expect(table.details).toHaveLength(15);
    expect(table.details[0]!.sku).toBeTruthy();
    expect(products[1]).toMatchObject({ size: 'Small', colour: 'gray' });
    const book = table.details.findIndex((details) => details.options[0]?.name === 'Format');
    expect(table.details.slice(book).map((details) => details.options[0]!.value)).toEqual([
      'PDF',
      'Audio',
      'Kindle',
    ]);
    expect(products[book]!.dimensions).toBeUndefined();
    expect(table.headers).toContain('Format (option)');
  });
});
