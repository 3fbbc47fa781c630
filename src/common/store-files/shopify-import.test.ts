import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../tests/support/fixture-path';
import { buildProductList, mapRecord, parseDelimitedText, prepareImport } from './product-import';
import { expandShopifyRows } from './shopify-import';

const fixture = readFixture;

describe('Shopify continuation rows', () => {
  const table = prepareImport(parseDelimitedText(fixture('shopify-apparel.csv')).rows);
  const products = table.records.map((record) => mapRecord(record, table.mapping));

  it('reads the apparel export as a Shopify export with a size option', () => {
    expect(table.format).toBe('shopify');
    expect(table.headers.slice(-2)).toEqual(['Size (option)', 'URL (from Handle)']);
    expect(table.warnings).toEqual([]);
  });

  it('turns the Classic Varsity Top into three products, Small, Medium and Large', () => {
    const varsity = products.filter((product) => product.title === 'Classic Varsity Top');
    expect(varsity.map((product) => product.size)).toEqual(['Small', 'Medium', 'Large']);
    for (const product of varsity) {
      expect(product.brand).toBe('partners-demo');
      expect(product.url).toBe('/products/classic-varsity-top');
      expect(product.description).toMatch(/^Womens casual varsity top/);
    }
    expect(varsity[0]!.image_urls).toBe('https://burst.shopifycdn.com/photos/casual-fashion-woman_925x.jpg');
    expect(varsity[1]!.image_urls).toBeUndefined();
  });

  it('keeps one product per other handle and leaves "Default Title" out', () => {
    expect(products).toHaveLength(22);
    const shirt = products[0]!;
    expect(shirt).toMatchObject({ title: 'Ocean Blue Shirt', brand: 'partners-demo' });
    expect(shirt.size).toBeUndefined();
  });

  it('builds the product list new-bundle takes, headed by the column names', () => {
    const list = buildProductList(table, table.mapping);
    expect(list.columns).toEqual(['title', 'brand', 'url', 'image_urls', 'description', 'size']);
    expect(list.productCount).toBe(22);
    const lines = list.raw_csv.split('\n');
    expect(lines[0]).toBe('title,brand,url,image_urls,description,size');
    expect(list.raw_csv).toContain('Classic Varsity Top,partners-demo,/products/classic-varsity-top,,');
  });

  it('turns HTML bodies into text and gives an image-only row to the product, not to its last variant', () => {
    const garden = prepareImport(parseDelimitedText(fixture('shopify-home-and-garden.csv')).rows);
    const pots = garden.records
      .map((record) => mapRecord(record, garden.mapping))
      .filter((product) => product.title === 'Clay Plant Pot');
    expect(pots.map((pot) => [pot.size, pot.description])).toEqual([
      ['Regular', 'Classic blown clay pot for plants'],
      ['Large', 'Classic blown clay pot for plants'],
    ]);
    expect(pots[0]!.image_urls).toContain(
      'https://burst.shopifycdn.com/photos/pot-with-a-single-sprout_925x.jpg',
    );
    expect(pots[1]!.image_urls).toBeUndefined();

    const headers = ['Handle', 'Title', 'Body (HTML)', 'Option1 Name', 'Option1 Value', 'Image Src'];
    const expanded = expandShopifyRows(headers, [
      ['mug', 'Mug', '<p>Tall</p>', 'Color', 'Blue', 'https://x.test/1.jpg'],
      ['mug', '', '', '', 'Red', ''],
      ['mug', '', '', '', '', 'https://x.test/2.jpg'],
      ['lost', '', '', '', 'Green', ''],
    ]);
    expect(expanded.records.map((record) => [record[4], record[5]])).toEqual([
      ['Blue', 'https://x.test/1.jpg|https://x.test/2.jpg'],
      ['Red', ''],
    ]);
    expect(expanded.headers.at(-2)).toBe('Colour (option)');
    expect(expanded.warnings).toHaveLength(1);
  });
});

describe('Shopify image rows', () => {
  it('adds 50,000 image-only rows of one handle in linear time (a search per row took 76 s)', () => {
    const headers = ['Handle', 'Title', 'Body (HTML)', 'Image Src', 'Image Position'];
    const rows = [['chair', 'Chair', '<p>Oak</p>', 'https://x.test/0.jpg', '1']];
    for (let i = 1; i <= 50_000; i++) rows.push(['chair', '', '', `https://x.test/${i}.jpg`, String(i + 1)]);
    rows.push(['chair', '', '', 'https://x.test/7.jpg', '']);
    const started = performance.now();
    const expanded = expandShopifyRows(headers, rows);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(expanded.records).toHaveLength(1);
    expect(expanded.records[0]![3]!.split('|')).toHaveLength(50_001);
  });
});
