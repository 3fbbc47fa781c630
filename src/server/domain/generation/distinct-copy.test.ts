import { describe, expect, it } from 'vitest';
import { FIXTURE_CATALOGUES, loadFixtureProducts } from '../../../../tests/support/fixture-catalogues';
import { writeOfflineCopy } from '../../leaves/ai/offline-writer';
import { detectVariants } from '../../leaves/variants/detect-variants';
import {
  isNearDuplicate,
  NEAR_DUPLICATE_SIMILARITY,
  sameWordingKey,
  wordPairSimilarity,
} from './distinct-copy';

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

describe('near duplicates (docs/decisions/008-near-duplicate-threshold.md)', () => {
  const meta =
    'A soft cotton shirt with a narrow collar, buttons down the front and long sleeves, cut for a comfortable everyday fit.';

  it('compares exact wordings case-insensitively after trimming', () => {
    expect(sameWordingKey('  Anchor Bracelet ')).toBe(sameWordingKey('anchor bracelet'));
  });

  it('counts one changed word in twenty as near, two as not', () => {
    const one = meta.replace('narrow', 'wide');
    const two = meta.replace('narrow', 'wide').replace('long', 'short');
    expect(wordPairSimilarity(words(meta), words(one))).toBeGreaterThanOrEqual(NEAR_DUPLICATE_SIMILARITY);
    expect(wordPairSimilarity(words(meta), words(two))).toBeLessThan(NEAR_DUPLICATE_SIMILARITY);
  });

  it('finds the same text with only the variant value swapped', () => {
    const blue = 'The Anchor Bracelet in Blue, a simple everyday bracelet. Order it online today.';
    const red = 'The Anchor Bracelet in Red, a simple everyday bracelet. Order it online today.';
    expect(isNearDuplicate(blue, { colour: 'Blue' }, red, { colour: 'Red' })).toBe(true);
    expect(isNearDuplicate(blue, { colour: 'Blue' }, 'A leather strap watch with a steel case.', {})).toBe(
      false,
    );
  });

  it.each(FIXTURE_CATALOGUES)('never calls two different products of %s near duplicates', (catalogue) => {
    const products = loadFixtureProducts(catalogue);
    const variants = detectVariants(products);
    const family = (position: number) => variants.get(position) ?? position;
    const metas = products.map((product) => ({
      family: family(product.position),
      details: product.details,
      meta: writeOfflineCopy({
        model: 'offline',
        product: product.details,
        imageCount: 1,
        settings: { keywords: '', business_type: '', tone_of_voice: '' },
      }).copy.meta_description,
    }));
    let largest = 0;
    for (const [i, a] of metas.entries()) {
      for (const b of metas.slice(i + 1)) {
        if (a.family === b.family) continue;
        largest = Math.max(largest, wordPairSimilarity(words(a.meta), words(b.meta)));
        expect(isNearDuplicate(a.meta, a.details, b.meta, b.details)).toBe(false);
      }
    }
    expect(largest).toBeLessThan(NEAR_DUPLICATE_SIMILARITY);
  });

  it('gives siblings that differ only by a value built-in wordings that are not near duplicates', () => {
    const sizes = ['Small', 'Medium', 'Large', 'XL'];
    const metas = sizes.map((size, variation) => ({
      details: {
        product_name: 'Classic Varsity Top',
        brand: 'partners-demo',
        size,
        description: 'Womens casual varsity top.',
      },
      meta: writeOfflineCopy({
        model: 'offline',
        product: {
          product_name: 'Classic Varsity Top',
          brand: 'partners-demo',
          size,
          description: 'Womens casual varsity top.',
        },
        imageCount: 1,
        settings: { keywords: '', business_type: '', tone_of_voice: '' },
        variation,
      }).copy.meta_description,
    }));
    // The same wording with only the size swapped is a near duplicate...
    const plain = (size: string) =>
      writeOfflineCopy({
        model: 'offline',
        product: {
          product_name: 'Classic Varsity Top',
          brand: 'partners-demo',
          size,
          description: 'Womens casual varsity top.',
        },
        imageCount: 1,
        settings: { keywords: '', business_type: '', tone_of_voice: '' },
      }).copy.meta_description;
    expect(isNearDuplicate(plain('Small'), { size: 'Small' }, plain('Large'), { size: 'Large' })).toBe(true);
    // ...and each alternative wording is not.
    for (const [i, a] of metas.entries()) {
      for (const b of metas.slice(i + 1))
        expect(isNearDuplicate(a.meta, a.details, b.meta, b.details)).toBe(false);
    }
  });
});
