import { describe, expect, it } from 'vitest';
import { buildProductList, parseDelimitedText, prepareImport, splitImageField } from './product-import';
import { expandWooCommerceRows } from './woocommerce-import';

describe('prepareImport', () => {
  it('reads a headerless file in the manual column order (SPEC §9)', () => {
    const { rows } = parseDelimitedText('Oslo Throw\tNordic\thttps://n.test/p\thttps://n.test/a.jpg\n');
    const table = prepareImport(rows);
    expect(table.headers).toEqual(['Column 1', 'Column 2', 'Column 3', 'Column 4']);
    expect(table.mapping).toMatchObject({
      title: 0,
      brand: 1,
      url: 2,
      image_urls: 3,
      dimensions: null,
      size: null,
    });
    expect(buildProductList(table, table.mapping).productCount).toBe(1);
  });

  it('drops a first line that begins with the first column name (SPEC §5)', () => {
    const { rows } = parseDelimitedText('title,brand\nMug,Acme\n');
    const table = prepareImport(rows);
    expect(table.records).toEqual([['Mug', 'Acme']]);
    expect(buildProductList(table, table.mapping).raw_csv).toBe('title,brand\nMug,Acme');
  });

  it('skips records without a title and quotes fields that need it', () => {
    const { rows } = parseDelimitedText(
      'Name;Description;Images\n"Lamp";"<p>Warm, bright</p>";"a.test/x.jpg"\n;"No name";\n',
    );
    const table = prepareImport(rows);
    const list = buildProductList(table, table.mapping);
    expect(list).toMatchObject({
      columns: ['title', 'image_urls', 'description'],
      productCount: 1,
      skipped: 1,
    });
    expect(list.raw_csv).toBe('title,image_urls,description\nLamp,a.test/x.jpg,"Warm, bright"');
  });

  it('splits image fields on |, commas and spaces before an address', () => {
    expect(splitImageField('https://a.test/1.jpg, https://a.test/2.jpg|//cdn.test/3.jpg')).toEqual([
      'https://a.test/1.jpg',
      'https://a.test/2.jpg',
      'https://cdn.test/3.jpg',
    ]);
  });
});

describe('WooCommerce exports', () => {
  const headers = [
    'ID',
    'Type',
    'SKU',
    'Name',
    'Description',
    'Length (cm)',
    'Width (cm)',
    'Height (cm)',
    'Images',
    'Parent',
    'Brands',
    'Attribute 1 name',
    'Attribute 1 value(s)',
  ];
  const rows = [
    [
      '10',
      'variable',
      'HOOD',
      'Hoodie',
      '<p>Soft fleece</p>',
      '',
      '',
      '',
      'https://w.test/h.jpg, https://w.test/h2.jpg',
      '',
      'Acme',
      'Color',
      'Blue, Red',
    ],
    [
      '11',
      'variation',
      'HOOD-B',
      'Hoodie - Blue',
      '',
      '',
      '',
      '',
      'https://w.test/b.jpg',
      'id:10',
      '',
      '',
      'Blue',
    ],
    ['12', 'variation', 'HOOD-R', '', '', '', '', '', '', 'HOOD', '', 'Color', 'Red'],
    ['13', 'simple', 'BOX', 'Box', 'A box', '30', '20', '10', '', '', 'Acme', '', ''],
  ];

  it('gives variations their parent’s fields and their own attribute values', () => {
    const table = prepareImport([headers, ...rows]);
    expect(table.format).toBe('woocommerce');
    expect(table.headers.at(-1)).toBe('Colour (attribute)');
    const list = buildProductList(table, table.mapping);
    // Length/Width/Height are the shipping package: they stay out of dimensions.
    expect(list.columns).toEqual(['title', 'brand', 'image_urls', 'colour', 'description']);
    expect(list.raw_csv.split('\n')).toEqual([
      'title,brand,image_urls,colour,description',
      'Hoodie,Acme,https://w.test/h.jpg|https://w.test/h2.jpg,,Soft fleece',
      'Hoodie - Blue,Acme,https://w.test/b.jpg,Blue,Soft fleece',
      'Hoodie,Acme,,Red,Soft fleece',
      'Box,Acme,,,A box',
    ]);
    expect(table.details.map((details) => [details.parent_index, details.parent_id])).toEqual([
      [null, undefined],
      [0, '10'],
      [0, '10'],
      [null, undefined],
    ]);
    expect(table.details[3]).toMatchObject({
      package_length: '30 cm',
      package_width: '20 cm',
      package_height: '10 cm',
    });
  });

  it('keeps rows without a parent as they are', () => {
    const expanded = expandWooCommerceRows(['ID', 'Type', 'Name', 'Parent'], [['1', 'simple', 'Cup', '']]);
    expect(expanded.records).toEqual([['1', 'simple', 'Cup', '']]);
    expect(expanded.details).toEqual([
      { id: '1', product_type: 'simple', options: [], parent_index: null, key_cells: { ID: '1' } },
    ]);
  });
});
