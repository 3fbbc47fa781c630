import { describe, expect, it } from 'vitest';
import { singledOutValues } from '../../../common/copy-rules/variant-range';
import { productLevelFacts } from './product-level';

// A Shopify product sold in 2 colours × 2 sizes: its first row is also its first variant (Black, S).
const tee = {
  product_name: 'Band Tee',
  brand: 'Acme',
  description: 'A soft cotton tee.',
  handle: 'band-tee',
  sku: 'TEE-BLK-S',
  colour: 'Black',
  size: 'S',
  option1_name: 'Color',
  option1_value: 'Black',
  option2_name: 'Size',
  option2_value: 'S',
  option3_name: 'Material',
  option3_value: 'Cotton',
};
const variant = (colour: string, size: string) => ({
  ...tee,
  sku: `TEE-${colour}-${size}`,
  colour,
  size,
  option1_value: colour,
  option2_value: size,
  parent_handle: 'band-tee',
});

describe('productLevelFacts', () => {
  it("leaves out the first variant's own values and keeps what every variant shares", () => {
    const { details, varying } = productLevelFacts(tee, [
      variant('Black', 'M'),
      variant('White', 'S'),
      variant('White', 'M'),
    ]);
    expect(varying).toEqual([
      { name: 'Color', values: ['Black', 'White'] },
      { name: 'Size', values: ['S', 'M'] },
    ]);
    for (const key of ['colour', 'size', 'sku', 'option1_value', 'option2_value', 'option1_name'])
      expect(details, key).not.toHaveProperty(key);
    expect(details).toMatchObject({
      product_name: 'Band Tee',
      brand: 'Acme',
      description: 'A soft cotton tee.',
      handle: 'band-tee',
      option3_name: 'Material',
      option3_value: 'Cotton',
      variant_options: 'Color: Black, White; Size: S, M',
      variant_counts: '2 colours, 2 sizes',
    });
  });

  it('changes nothing for a product without variants', () => {
    expect(productLevelFacts(tee, [])).toEqual({ details: tee, varying: [] });
  });

  it('reads a pasted list by its colour and size columns, and a WooCommerce parent by its variations', () => {
    const parent = {
      product_name: 'Mug',
      colour: 'Blue',
      option1_name: 'Size',
      option1_value: '8 oz | 12 oz',
    };
    const { details, varying } = productLevelFacts(parent, [
      { product_name: 'Mug', option1_name: 'Size', option1_value: '8 oz' },
      { product_name: 'Mug', option1_name: 'Size', option1_value: '12 oz' },
    ]);
    expect(varying).toEqual([{ name: 'Size', values: ['8 oz', '12 oz'] }]);
    expect(details).not.toHaveProperty('option1_value');
    // The parent's own colour is the only colour there is: the product as a whole is blue.
    expect(details.colour).toBe('Blue');
  });

  it('counts in words only the option names it knows', () => {
    const parent = { product_name: 'Gift Card', option1_name: 'Title', option1_value: '25' };
    const { details } = productLevelFacts(parent, [{ ...parent, option1_value: '50' }]);
    expect(details.variant_options).toBe('Title: 25, 50');
    expect(details).not.toHaveProperty('variant_counts');
  });
});

describe('singledOutValues', () => {
  const range = [
    { name: 'Colour', values: ['Black', 'White'] },
    { name: 'Size', values: ['S', 'M', 'L'] },
  ];
  it('finds a text naming some of an option’s values, and allows the whole range', () => {
    expect(singledOutValues(range, 'Band Tee in Black')).toEqual(['Black']);
    expect(singledOutValues(range, 'Band Tee, size M, in White')).toEqual(['White', 'M']);
    expect(singledOutValues(range, 'Band Tee in Black and White, sizes S, M and L')).toEqual([]);
    expect(singledOutValues(range, 'Band Tee by Acme')).toEqual([]);
  });
});

describe('singledOutValues, short codes', () => {
  const range = [{ name: 'Size', values: ['S', 'M', 'XL'] }];
  it('reads a size code only as the store writes it, standing alone', () => {
    expect(singledOutValues(range, "Acme's Band Tee from L'Atelier")).toEqual([]);
    expect(singledOutValues(range, 'Band Tee, 3 m of cable')).toEqual([]);
    expect(singledOutValues(range, 'Band Tee in size M')).toEqual(['M']);
    expect(singledOutValues(range, 'Band Tee (XL)')).toEqual(['XL']);
  });
});
