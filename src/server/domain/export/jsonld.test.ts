// The jsonld export checked against schema.org's own vocabulary: every property on a node is one that
// schema.org defines for its type (https://schema.org/Product, https://schema.org/ProductGroup, Brand), and
// the variant structure follows Google's product-variant guidance (docs/store-formats.md §d).
import { describe, expect, it } from 'vitest';
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import { jsonLdNode } from './jsonld';

// Product's properties that this export may write (a subset of https://schema.org/Product, Thing's included).
const PRODUCT_PROPERTIES = new Set([
  '@type',
  '@id',
  'name',
  'description',
  'sku',
  'brand',
  'url',
  'image',
  'color',
  'size',
  'material',
  'pattern',
  'offers',
  'gtin',
  'inProductGroupWithID',
  'isVariantOf',
  'additionalProperty',
]);
// ProductGroup is a Product with three more properties (https://schema.org/ProductGroup).
const PRODUCT_GROUP_PROPERTIES = new Set([...PRODUCT_PROPERTIES, 'productGroupID', 'variesBy', 'hasVariant']);
const VARIES_BY = new Set(
  ['color', 'size', 'material', 'pattern', 'suggestedAge', 'suggestedGender'].map(
    (name) => `https://schema.org/${name}`,
  ),
);

type Node = Record<string, unknown>;

function validate(node: Node): string[] {
  const problems: string[] = [];
  const type = node['@type'];
  const allowed = type === 'ProductGroup' ? PRODUCT_GROUP_PROPERTIES : PRODUCT_PROPERTIES;
  if (type !== 'Product' && type !== 'ProductGroup') problems.push(`unknown @type ${String(type)}`);
  for (const key of Object.keys(node)) if (!allowed.has(key)) problems.push(`${type} has no property ${key}`);
  if (typeof node.name !== 'string' || node.name === '') problems.push(`${type} without a name`);
  const brand = node.brand as Node | undefined;
  if (brand && (brand['@type'] !== 'Brand' || typeof brand.name !== 'string'))
    problems.push('brand is not a Brand');
  if (node.url !== undefined && !/^https?:\/\//.test(String(node.url))) problems.push('url is not absolute');
  if (type === 'ProductGroup') {
    if (typeof node.productGroupID !== 'string' || node.productGroupID === '')
      problems.push('ProductGroup without productGroupID');
    for (const property of (node.variesBy as string[]) ?? [])
      if (!VARIES_BY.has(property)) problems.push(`variesBy ${property} is not a schema.org property`);
    const variants = node.hasVariant as Node[];
    if (!Array.isArray(variants) || variants.length === 0) problems.push('ProductGroup without hasVariant');
    for (const variant of variants ?? []) {
      if (variant['@type'] !== 'Product') problems.push('a variant is not a Product');
      if (variant.inProductGroupWithID !== node.productGroupID)
        problems.push('a variant does not name its group');
      problems.push(...validate(variant));
    }
  }
  return problems;
}

let nextId = 1;
function product(details: Record<string, string>, overrides: Partial<BundleWorkflowProduct> = {}) {
  const id = nextId++;
  return {
    id,
    product_id: id,
    bundle_workflow_id: 1,
    product_details: details,
    page_title: `${details.product_name} | Shop`,
    meta_description: 'Meta.',
    heading: details.product_name,
    description: `About ${details.product_name}.`,
    fact_sheet: null,
    progress: 100,
    status: 'done',
    error: null,
    url_suggestion_level: '',
    url_suggestion: null,
    is_multiple_of: null,
    review_state: 'pending',
    problems: null,
    locked_fields: [],
    version: id,
    created_at: '',
    updated_at: '',
    image_details: [],
    ...overrides,
  } satisfies BundleWorkflowProduct;
}

describe('jsonld export', () => {
  it('writes a single product as a valid Product with its brand, page and images', () => {
    const stool = product(
      {
        product_name: 'Oak Stool',
        brand: 'Tre',
        url: 'https://shop.example/products/oak-stool',
        sku: 'ST-1',
      },
      {
        image_details: [
          {
            bundle_workflow_products_image_id: 1,
            url: 'https://img.example/stool.jpg',
            alt_text: 'Oak stool',
            compression_requested: false,
            compression_processing_id: null,
            compression_complete: false,
            original_bytes: null,
            compressed_bytes: null,
            compression_error: null,
          },
        ],
      },
    );
    const node = jsonLdNode({ parent: stool, members: [stool] });
    expect(validate(node)).toEqual([]);
    expect(node).toMatchObject({
      '@type': 'Product',
      name: 'Oak Stool',
      sku: 'ST-1',
      brand: { '@type': 'Brand', name: 'Tre' },
      url: 'https://shop.example/products/oak-stool',
      image: ['https://img.example/stool.jpg'],
    });
  });

  it('writes variants as a valid ProductGroup with variesBy and each variant under hasVariant', () => {
    const options = (colour: string, size: string) => ({
      option1_name: 'Color',
      option1_value: colour,
      option2_name: 'Size',
      option2_value: size,
      option3_name: 'Logo',
      option3_value: 'Yes',
    });
    const parent = product({
      product_name: 'Hoodie',
      handle: 'hoodie',
      brand: 'Woo',
      ...options('Red', 'M'),
    });
    const blue = product(
      { product_name: 'Hoodie', handle: 'hoodie', sku: 'H-BLU', ...options('Blue', 'L') },
      { is_multiple_of: parent.id },
    );
    const node = jsonLdNode({ parent, members: [parent, blue] });
    expect(validate(node)).toEqual([]);
    expect(node['@type']).toBe('ProductGroup');
    expect(node.productGroupID).toBe('hoodie');
    // Logo has no schema.org property: it varies nothing Google reads, and is the variant's additionalProperty.
    expect(node.variesBy).toEqual(['https://schema.org/color', 'https://schema.org/size']);
    const variants = node.hasVariant as Node[];
    expect(variants.map((variant) => [variant.color, variant.size])).toEqual([
      ['Red', 'M'],
      ['Blue', 'L'],
    ]);
  });

  it('leaves out a page address that is only a path, which has no host to resolve on', () => {
    const node = jsonLdNode({
      parent: product({ product_name: 'Mug', url: '/products/mug' }),
      members: [product({ product_name: 'Mug', url: '/products/mug' })].slice(0, 1),
    });
    expect(node.url).toBeUndefined();
    expect(validate(node)).toEqual([]);
  });

  it("lists in variesBy only the properties that differ; none when the only option is not on Google's list", () => {
    const tier = (value: string, material: string, over: Partial<BundleWorkflowProduct> = {}) =>
      product(
        {
          product_name: 'Recovery Pack',
          handle: 'recovery-pack',
          option1_name: 'Tiers',
          option1_value: value,
          option2_name: 'Material',
          option2_value: material,
        },
        over,
      );
    const parent = tier('Champions', 'Digital');
    const titans = tier('Titans', 'Digital', { is_multiple_of: parent.id });
    const node = jsonLdNode({ parent, members: [parent, titans] });
    expect(validate(node)).toEqual([]);
    // The material is the same on both, Tiers has no schema.org property: nothing to list.
    expect(node).not.toHaveProperty('variesBy');
    const variants = node.hasVariant as Node[];
    expect(variants.map((variant) => variant.additionalProperty)).toEqual([
      [{ '@type': 'PropertyValue', name: 'Tiers', value: 'Champions' }],
      [{ '@type': 'PropertyValue', name: 'Tiers', value: 'Titans' }],
    ]);
    expect(variants.map((variant) => variant.material)).toEqual(['Digital', 'Digital']);
    const vinyl = tier('Legends', 'Vinyl', { is_multiple_of: parent.id });
    expect(jsonLdNode({ parent, members: [parent, titans, vinyl] }).variesBy).toEqual([
      'https://schema.org/material',
    ]);
  });

  it('leaves a Shopify row that only names the options out of hasVariant', () => {
    const header = product({ product_name: 'Sneaker', handle: 'sneaker' });
    const variant = (colour: string, sku: string) =>
      product(
        { product_name: 'Sneaker', handle: 'sneaker', sku, option1_name: 'Color', option1_value: colour },
        { is_multiple_of: header.id },
      );
    const node = jsonLdNode({
      parent: header,
      members: [header, variant('White', 'a-1'), variant('Blue', 'b-1')],
    });
    expect(validate(node)).toEqual([]);
    expect((node.hasVariant as Node[]).map((v) => v.sku)).toEqual(['a-1', 'b-1']);
    expect(node.variesBy).toEqual(['https://schema.org/color']);
  });

  it('reads a size by its meaning: "Ring size", "Shoe size" and "Taille" vary by size', () => {
    for (const name of ['Ring size', 'Shoe Size', 'Size (EU)', 'Taille', 'Größe']) {
      const ring = (value: string, over: Partial<BundleWorkflowProduct> = {}) =>
        product({ product_name: 'Band', handle: 'band', option1_name: name, option1_value: value }, over);
      const parent = ring('6');
      const node = jsonLdNode({ parent, members: [parent, ring('7', { is_multiple_of: parent.id })] });
      expect(validate(node)).toEqual([]);
      expect(node.variesBy, name).toEqual(['https://schema.org/size']);
      expect((node.hasVariant as Node[]).map((variant) => variant.size)).toEqual(['6', '7']);
    }
  });

  it('reads size and colour named in Portuguese, French, German, Dutch, Russian and Japanese', () => {
    for (const [size, colour] of [
      ['Tamanho', 'Cor'],
      ['Taille', 'Couleur'],
      ['Größe', 'Farbe'],
      ['Maat', 'Kleur'],
      ['Размер', 'Цвет'],
      ['サイズ', 'カラー'],
    ] as const) {
      const tee = (sizeValue: string, colourValue: string, over: Partial<BundleWorkflowProduct> = {}) =>
        product(
          {
            product_name: 'Camiseta',
            handle: 'camiseta',
            option1_name: size,
            option1_value: sizeValue,
            option2_name: colour,
            option2_value: colourValue,
          },
          over,
        );
      const parent = tee('P', 'Azul');
      const node = jsonLdNode({
        parent,
        members: [parent, tee('M', 'Verde', { is_multiple_of: parent.id })],
      });
      expect(validate(node)).toEqual([]);
      expect(node.variesBy, size).toEqual(['https://schema.org/size', 'https://schema.org/color']);
      expect((node.hasVariant as Node[]).map((variant) => [variant.size, variant.color])).toEqual([
        ['P', 'Azul'],
        ['M', 'Verde'],
      ]);
    }
  });

  it("gives every variant an offer in the price's own currency, else the export's", () => {
    const offer = (price: string, currency?: string) => ({
      store_copy: { offer: { price, ...(currency ? { currency } : {}) } },
    });
    const parent = product(
      { product_name: 'Tee', handle: 'tee', option1_name: 'Size', option1_value: 'S' },
      offer('10.00'),
    );
    const large = product(
      { product_name: 'Tee', handle: 'tee', option1_name: 'Size', option1_value: 'L' },
      { is_multiple_of: parent.id, ...offer('12.00', 'GBP') },
    );
    const offers = (jsonLdNode({ parent, members: [parent, large] }, 'EUR').hasVariant as Node[]).map(
      (variant) => variant.offers,
    );
    expect(offers).toEqual([
      { '@type': 'Offer', price: '10.00', priceCurrency: 'EUR' },
      { '@type': 'Offer', price: '12.00', priceCurrency: 'GBP' },
    ]);
    const without = (jsonLdNode({ parent, members: [parent, large] }).hasVariant as Node[]).map(
      (variant) => variant.offers,
    );
    expect(without).toEqual([undefined, { '@type': 'Offer', price: '12.00', priceCurrency: 'GBP' }]);
  });
});
