import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMNS } from '../../../common/contract/constants';
import { AppError } from '../../leaves/app-error/app-error';
import { productLanguage } from '../../leaves/catalogue-language/catalogue-language';
import { ALLOWED_COLUMNS, parseProductList } from './parse-product-list';

const columns = [...DEFAULT_COLUMNS];
const row = (title: string, extra: Partial<Record<(typeof DEFAULT_COLUMNS)[number], string>> = {}) =>
  [
    title,
    extra.brand ?? 'Acme',
    extra.url ?? '',
    extra.image_urls ?? '',
    extra.dimensions ?? '',
    extra.colour ?? '',
    extra.description ?? '',
    extra.fact_sheet ?? '',
  ]
    .map((field) => (/[",\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field))
    .join(',');

function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).type).toBe('bad_input');
    return error as AppError;
  }
  throw new Error('expected an AppError');
}

describe('parseProductList', () => {
  it('parses rows in column order, storing title as product_name and splitting image URLs', () => {
    const csv = [
      row('Ocean Blue Shirt', {
        url: '/products/ocean-blue-shirt',
        image_urls: ' https://cdn.example/a.jpg | |http://cdn.example/b.jpg ',
        colour: 'Blue',
        description: 'Cotton shirt, long sleeves.',
      }),
      row('  Mug  '),
    ].join('\n');
    expect(parseProductList(csv, columns)).toEqual([
      {
        position: 0,
        details: {
          product_name: 'Ocean Blue Shirt',
          brand: 'Acme',
          url: '/products/ocean-blue-shirt',
          dimensions: null,
          colour: 'Blue',
          description: 'Cotton shirt, long sleeves.',
          fact_sheet: null,
        },
        imageUrls: ['https://cdn.example/a.jpg', 'http://cdn.example/b.jpg'],
        // Every product of a small list has its language detected as it is read (product-languages.ts).
        ...productLanguage('Ocean Blue Shirt', 'Cotton shirt, long sleeves.'),
      },
      {
        position: 1,
        details: {
          product_name: 'Mug',
          brand: 'Acme',
          url: null,
          dimensions: null,
          colour: null,
          description: null,
          fact_sheet: null,
        },
        imageUrls: [],
        language: null,
        languageConfidence: 0,
      },
    ]);
  });

  it('accepts the extra columns and a subset of columns in any order', () => {
    // The extra columns are new-bundle's contract, spelled out so a change to ALLOWED_COLUMNS fails here.
    expect(ALLOWED_COLUMNS).toEqual([
      ...DEFAULT_COLUMNS,
      'range',
      'use_case',
      'size',
      'material',
      'sku',
      'price',
    ]);
    const products = parseProductList('SKU-1,Mug,Large,"12,50"\n', ['sku', 'title', 'size', 'price']);
    expect(products).toEqual([
      {
        position: 0,
        details: { sku: 'SKU-1', product_name: 'Mug', size: 'Large', price: '12,50' },
        imageUrls: [],
        language: null,
        languageConfidence: 0,
      },
    ]);
  });

  it('drops a header row that starts with the first column name, and skips blank lines', () => {
    const csv = `\uFEFF  TITLE ,Brand,url,image_urls,dimensions,colour,description,fact_sheet\n\n${row('Mug')}\n   \n,,,,,,,\n${row('Cup')}\r\n`;
    const products = parseProductList(csv, columns);
    expect(products.map((product) => [product.position, product.details.product_name])).toEqual([
      [0, 'Mug'],
      [1, 'Cup'],
    ]);
  });

  it('reads tab-separated lists pasted from a spreadsheet', () => {
    const products = parseProductList('Mug\tAcme, Inc.\n', ['title', 'brand']);
    expect(products[0]!.details).toEqual({ product_name: 'Mug', brand: 'Acme, Inc.' });
  });

  it('ignores a trailing empty field', () => {
    expect(parseProductList('Mug,Acme,\n', ['title', 'brand'])).toHaveLength(1);
  });

  it('rejects an empty list, or one with only a header', () => {
    for (const csv of ['', '  \n\n', 'title,brand\n']) {
      expect(errorOf(() => parseProductList(csv, ['title', 'brand'])).message).toBe(
        'The product list is empty. Put each product on its own line, with the columns in this order: title, brand.',
      );
    }
  });

  it('rejects unknown, duplicate and missing columns', () => {
    expect(errorOf(() => parseProductList('Mug', ['title', 'colour ', 'weight'])).message).toBe(
      `Unknown column "colour ". Allowed columns: ${ALLOWED_COLUMNS.join(', ')}.`,
    );
    expect(errorOf(() => parseProductList('Mug', ['title', 'brand', 'brand'])).message).toBe(
      'Column "brand" is given more than once.',
    );
    expect(errorOf(() => parseProductList('Mug', ['brand'])).message).toBe(
      'The columns must include title. Given: brand.',
    );
    expect(errorOf(() => parseProductList('Mug', [])).message).toBe(
      'The columns must include title. Given: none.',
    );
  });

  it('names the product row with the wrong number of fields, not counting the header or blank lines', () => {
    const csv = ['title,brand', row('A'), '', row('B'), 'C,Acme,,,', row('D')].join('\n');
    expect(errorOf(() => parseProductList(csv, columns)).message).toBe(
      'Row 3 has 5 fields, but 8 columns were given (title, brand, url, image_urls, dimensions, colour, description, fact_sheet).',
    );
  });

  it('names a row with no title', () => {
    expect(errorOf(() => parseProductList('Mug,Acme\n  ,Acme\n', ['title', 'brand'])).message).toBe(
      'Row 2 has no title.',
    );
  });

  it('names a row with an image URL that is not http or https', () => {
    const csv = [
      row('A'),
      row('B', { image_urls: 'https://cdn.example/b.jpg|ftp://cdn.example/c.jpg' }),
    ].join('\n');
    expect(errorOf(() => parseProductList(csv, columns)).message).toBe(
      'Row 2, column image_urls has an invalid image URL "ftp://cdn.example/c.jpg"; use an http or https address.',
    );
    expect(errorOf(() => parseProductList(row('A', { image_urls: 'not a url' }), columns)).message).toContain(
      'Row 1, column image_urls has an invalid image URL "not a url"',
    );
  });

  it('names a field longer than the limit', () => {
    const csv = `Mug,${'x'.repeat(20_001)}\n`;
    expect(errorOf(() => parseProductList(csv, ['title', 'description'])).message).toBe(
      'Row 1, column description is 20,001 characters; the limit is 20,000.',
    );
  });

  it('names up to five bad rows in one message, first row first', () => {
    const csv = ['Ok,Acme', ...Array.from({ length: 7 }, () => ',Acme')].join('\n');
    expect(errorOf(() => parseProductList(csv, ['title', 'brand'])).message).toBe(
      'Row 2 has no title. Row 3 has no title. Row 4 has no title. Row 5 has no title. Row 6 has no title. 2 more rows have problems.',
    );
  });

  it('names the row with an unclosed quote', () => {
    expect(
      errorOf(() => parseProductList('Mug,Acme\n"Cup,Acme\nPlate,Acme\n', ['title', 'brand'])).message,
    ).toBe('Row 2 has a quote (") that is never closed.');
  });

  it('rejects more than 50,000 products', () => {
    const csv = 'Mug\n'.repeat(50_001);
    expect(errorOf(() => parseProductList(csv, ['title'])).message).toBe(
      'The list has 50,001 products; the limit is 50,000 per bundle.',
    );
  });

  it('parses 50,000 products', () => {
    const line = row('Ocean Blue Shirt', {
      url: '/products/ocean-blue-shirt',
      image_urls: 'https://cdn.example/a.jpg|https://cdn.example/b.jpg',
      dimensions: '10 x 20 cm',
      colour: 'Blue',
      description:
        'Ocean blue cotton shirt with a narrow collar and buttons down the front, and long sleeves.',
      fact_sheet: 'Material: cotton',
    });
    const csv = `${Array.from({ length: 50_000 }, () => line).join('\n')}\n`;
    // Speed is measured by bench/import; this checks the limit case parses correctly.
    const products = parseProductList(csv, columns);
    expect(products).toHaveLength(50_000);
    expect(products[49_999]!.imageUrls).toHaveLength(2);
  });
});
