import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../tests/support/fixture-path';
import { DEFAULT_COLUMNS } from '../contract/constants';
import { type ColumnMapping, guessColumnMapping, IMPORT_COLUMNS, isHeaderRow } from './import-columns';

const named = (headers: readonly string[], mapping: ColumnMapping) =>
  Object.fromEntries(
    IMPORT_COLUMNS.map((column) => [column, mapping[column] === null ? null : headers[mapping[column]!]]),
  );

const shopifyHeaders = readFixture('shopify-apparel.csv').split('\n')[0]!.split(',');

// WooCommerce 9's product CSV exporter, with core Brands.
const wooCommerceHeaders =
  'ID,Type,SKU,GTIN\\, UPC\\, EAN\\, or ISBN,Name,Published,Is featured?,Visibility in catalog,Short description,Description,Date sale price starts,Date sale price ends,Tax status,Tax class,In stock?,Stock,Low stock amount,Backorders allowed?,Sold individually?,Weight (kg),Length (cm),Width (cm),Height (cm),Allow customer reviews?,Purchase note,Sale price,Regular price,Categories,Tags,Shipping class,Images,Download limit,Download expiry days,Parent,Grouped products,Upsells,Cross-sells,External URL,Button text,Position,Brands,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 1 global,Attribute 2 name,Attribute 2 value(s),Attribute 2 visible,Attribute 2 global'
    .split(/(?<!\\),/)
    .map((header) => header.replace(/\\,/g, ','));

describe('guessColumnMapping', () => {
  it('maps a Shopify header row', () => {
    expect(named(shopifyHeaders, guessColumnMapping(shopifyHeaders))).toEqual({
      title: 'Title',
      brand: 'Vendor',
      url: null,
      image_urls: 'Image Src',
      dimensions: null,
      colour: null,
      description: 'Body (HTML)',
      fact_sheet: null,
      size: null,
      material: null,
    });
  });

  it('maps a Shopify header row with the columns an import adds for options and handles', () => {
    const headers = [
      ...shopifyHeaders,
      'Size (option)',
      'Colour (option)',
      'Material (option)',
      'Logo (option)',
      'URL (from Handle)',
    ];
    expect(named(headers, guessColumnMapping(headers))).toMatchObject({
      url: 'URL (from Handle)',
      colour: 'Colour (option)',
      size: 'Size (option)',
      material: 'Material (option)',
      // An option is never a measurement: dimensions go into titles and slugs.
      dimensions: null,
    });
  });

  it('maps a WooCommerce header row', () => {
    expect(named(wooCommerceHeaders, guessColumnMapping(wooCommerceHeaders))).toEqual({
      title: 'Name',
      brand: 'Brands',
      url: null,
      image_urls: 'Images',
      dimensions: null,
      colour: null,
      description: 'Description',
      fact_sheet: null,
      size: null,
      material: null,
    });
  });

  it('maps WooCommerce attribute columns, and never the package Length/Width/Height to dimensions', () => {
    const headers = [...wooCommerceHeaders, 'Colour (attribute)', 'Size (attribute)', 'Logo (attribute)'];
    expect(named(headers, guessColumnMapping(headers))).toMatchObject({
      colour: 'Colour (attribute)',
      size: 'Size (attribute)',
      dimensions: null,
    });
  });

  it('maps plain synonyms in any case and spelling', () => {
    const headers = [
      'Product Name',
      'Manufacturer',
      'Link',
      'Image',
      'Size',
      'Color',
      'Product Description',
      'Specs',
      'SEO Title',
    ];
    expect(named(headers, guessColumnMapping(headers))).toEqual({
      title: 'Product Name',
      brand: 'Manufacturer',
      url: 'Link',
      image_urls: 'Image',
      dimensions: null,
      colour: 'Color',
      description: 'Product Description',
      fact_sheet: 'Specs',
      size: 'Size',
      material: null,
    });
    const manual = [...DEFAULT_COLUMNS];
    expect(named(manual, guessColumnMapping(manual))).toMatchObject(
      Object.fromEntries(manual.map((c) => [c, c])),
    );
  });

  it('finds a known word inside a longer header but not in SEO or alt-text columns', () => {
    const headers = ['Item', 'Product colour (EN)', 'Main product photo', 'Image Alt Text'];
    expect(named(headers, guessColumnMapping(headers))).toMatchObject({
      title: 'Item',
      colour: 'Product colour (EN)',
      image_urls: 'Main product photo',
    });
  });
  it('maps the 2024 Shopify template, whose image column is "Product image URL"', () => {
    const headers = readFixture('shopify-product-template-2024.csv').split(/\r?\n/)[0]!.split(',');
    expect(named(headers, guessColumnMapping(headers))).toMatchObject({
      title: 'Title',
      image_urls: 'Product image URL',
      description: 'Description',
      dimensions: null,
    });
  });
});

describe('isHeaderRow', () => {
  it('knows a header row from a product row', () => {
    expect(isHeaderRow(shopifyHeaders)).toBe(true);
    expect(isHeaderRow(['Title', 'Brand'])).toBe(true);
    expect(isHeaderRow(['Oslo Throw', 'Nordic', 'https://x.test/p', 'https://x.test/a.jpg'])).toBe(false);
    expect(isHeaderRow(['Red Mug', 'Acme'])).toBe(false);
  });
});
