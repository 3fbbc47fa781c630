import { describe, expect, it } from 'vitest';
import { loadFixtureProducts } from '../../../../tests/support/fixture-catalogues';
import { describeDifferences, detectVariants, differingValues, splitProductName } from './detect-variants';

const product = (position: number, details: Record<string, string | null>) => ({
  position,
  details: { brand: 'partners-demo', ...details } as Record<string, string | null>,
});

describe('splitProductName', () => {
  it('removes colour words, size words, measurements and the product own values', () => {
    expect(splitProductName({ product_name: 'Ocean Blue Shirt' }).base).toBe('ocean shirt');
    expect(splitProductName({ product_name: 'Light Blue Shirt - XL' })).toEqual({
      base: 'shirt',
      removed: 'light blue xl',
    });
    expect(splitProductName({ product_name: 'Black and White Dress, Size 8' }).base).toBe('dress');
    expect(splitProductName({ product_name: 'Oak Table 120 x 80 cm' }).base).toBe('oak table');
    expect(splitProductName({ product_name: 'Monitor 32" Extra Large' }).base).toBe('monitor');
    expect(splitProductName({ product_name: 'Kids Jeans 8/10' }).base).toBe('kids jeans');
    expect(splitProductName({ product_name: 'Trainers EU 42' }).base).toBe('trainers');
    expect(splitProductName({ product_name: 'Made in US Tee' }).base).toBe('made in us tee');
    expect(splitProductName({ product_name: 'Vase Ocean Mist', colour: 'Ocean Mist' }).base).toBe('vase');
  });

  it('keeps words that only contain a colour or size word', () => {
    expect(splitProductName({ product_name: "Bordered Men's Scarf" }).base).toBe("bordered men's scarf");
    expect(splitProductName({ product_name: 'Copper Light' }).base).toBe('light');
  });
});

describe('detectVariants', () => {
  it('points the other sizes of a product at the first one', () => {
    const products = [
      product(0, { product_name: 'Classic Varsity Top', size: 'Small' }),
      product(1, { product_name: 'Classic Varsity Top', size: 'Medium' }),
      product(2, { product_name: 'Classic Varsity Top', size: 'Large' }),
    ];
    expect(detectVariants(products)).toEqual(
      new Map([
        [1, 0],
        [2, 0],
      ]),
    );
    const byDimensions = products.map(({ position, details }) => ({
      position,
      details: { product_name: details.product_name, brand: details.brand, dimensions: details.size },
    }));
    expect(detectVariants(byDimensions)).toEqual(
      new Map([
        [1, 0],
        [2, 0],
      ]),
    );
  });

  it('groups by colour or size words in the name, ignoring case and order', () => {
    const products = [
      product(5, { product_name: 'Red Sports Tee' }),
      product(3, { product_name: 'BLUE sports tee' }),
      product(9, { product_name: 'Sports Tee Large', brand: 'PARTNERS-DEMO' }),
    ];
    expect(detectVariants(products)).toEqual(
      new Map([
        [5, 3],
        [9, 3],
      ]),
    );
  });

  it('does not group products of different brands or base names', () => {
    const products = [
      product(0, { product_name: 'Chequered Red Shirt' }),
      product(1, { product_name: 'Blue Silk Tuxedo' }),
      product(2, { product_name: 'Yellow Sofa', brand: 'Home Sweet Home' }),
      product(3, { product_name: 'Grey Sofa', brand: 'Rustic LTD' }),
    ];
    expect(detectVariants(products).size).toBe(0);
  });

  it('does not count identical duplicates or names made only of colour and size words as variants', () => {
    const products = [
      product(0, { product_name: 'Mug', colour: 'Red' }),
      product(1, { product_name: 'mug', colour: 'red' }),
      product(2, { product_name: 'Red' }),
      product(3, { product_name: 'Blue' }),
    ];
    expect(detectVariants(products).size).toBe(0);
  });

  it('finds the size variants in the apparel fixture and nothing else', () => {
    const products = loadFixtureProducts('shopify-apparel.csv');
    const named = (position: number) => products[position]!.details.product_name;
    const variants = detectVariants(products);
    expect([...variants].map(([variant, parent]) => [named(variant), named(parent)])).toEqual([
      ['Classic Varsity Top', 'Classic Varsity Top'],
      ['Classic Varsity Top', 'Classic Varsity Top'],
    ]);
    const top = products.findIndex((item) => item.details.product_name === 'Classic Varsity Top');
    expect(variants.get(top + 1)).toBe(top);
    expect(variants.get(top + 2)).toBe(top);
  });

  it('finds only the pot sizes in the home and garden fixture', () => {
    const products = loadFixtureProducts('shopify-home-and-garden.csv');
    const variants = detectVariants(products);
    expect([...variants].map(([variant]) => products[variant]!.details)).toEqual([
      expect.objectContaining({ product_name: 'Clay Plant Pot', size: 'Large' }),
    ]);
  });

  it('handles 50,000 products', () => {
    const products = Array.from({ length: 50_000 }, (_, position) =>
      product(position, {
        product_name: `Shirt ${Math.floor(position / 3)}`,
        size: ['S', 'M', 'L'][position % 3]!,
      }),
    );
    expect(detectVariants(products).size).toBe(33_333);
  });
});

describe('describeDifferences', () => {
  it('lists each differing attribute with the parent value when it has one', () => {
    const parent = { details: { product_name: 'Shirt', colour: 'Blue', size: null } };
    const variant = { details: { product_name: 'Shirt', colour: 'Red', size: 'Large' } };
    expect(describeDifferences(parent, variant)).toEqual(['colour: Red (parent: Blue)', 'size: Large']);
    expect(describeDifferences(variant, { details: { product_name: 'Shirt', colour: 'red' } })).toEqual([
      'size: none (parent: Large)',
    ]);
  });

  it('falls back to the names when no attribute differs', () => {
    expect(
      describeDifferences(
        { details: { product_name: 'Tee Small' } },
        { details: { product_name: 'Tee Large' } },
      ),
    ).toEqual(['name: Tee Large (parent: Tee Small)']);
  });
});

describe('differingValues', () => {
  it('lists the variant values that differ from the parent, as the variant writes them', () => {
    const parent = { details: { product_name: 'Anchor Bracelet', colour: 'Gold', size: 'M' } };
    const variant = { details: { product_name: 'Anchor Bracelet', colour: 'Silver', size: 'm' } };
    expect(differingValues(parent, variant)).toEqual(['Silver']);
    expect(differingValues(parent, { details: { colour: '', size: 'L' } })).toEqual(['L']);
  });
});
