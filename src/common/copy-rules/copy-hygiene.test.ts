import { describe, expect, it } from 'vitest';
import { collectGroundedKeys, findUngroundedTokens } from './claims';
import { distinctiveNameWords, findUncleanText, namesProduct } from './copy-hygiene';

describe('copy about the product', () => {
  it("takes the name's distinctive words, not the brand's or stop words", () => {
    expect(distinctiveNameWords('MULTI CIRCLE INTERWINE SILVER RING', 'VIETJEWELERS')).toEqual([
      'multi',
      'circle',
      'interwine',
      'silver',
      'ring',
    ]);
    expect(distinctiveNameWords('Acme Lamp', 'Acme')).toEqual(['lamp']);
  });

  it('finds a title that names the product, and one about nothing', () => {
    const words = distinctiveNameWords('Moonstone Sun Silver Ring');
    expect(namesProduct('Moonstone Sun Ring – Size 7', words)).toBe(true);
    expect(namesProduct('Silver rings for every day', words)).toBe(true);
    expect(namesProduct('Crafted for durable everyday comfort', words)).toBe(false);
  });

  it('finds escapes, control characters, mojibake and empty punctuation', () => {
    expect(findUncleanText('Soft wool \\n. \\nÂ \\n.')?.what).toBe('an escape sequence');
    expect(findUncleanText('Soft\u0007 wool')?.what).toBe('a control character');
    expect(findUncleanText('donâ€™t')?.what).toBe('garbled characters (double-encoded UTF-8)');
    expect(findUncleanText('Soft wool. . Warm.')?.what).toBe('an empty punctuation fragment');
    expect(findUncleanText('Soft wool, warm: 3.5 cm. Ring size 7.')).toBeNull();
  });
});

describe('quality claims need the product data', () => {
  const ungrounded = (copy: string, data: string) =>
    findUngroundedTokens(copy, collectGroundedKeys({ description: data }));

  it('flags finish, origin, durability, certification and guarantee words the data lacks', () => {
    expect(
      ungrounded(
        'A durable, long-lasting ring with a natural finish, imported and crafted, with a money-back promise.',
        'A silver ring.',
      ),
    ).toEqual(['durable', 'natural finish', 'imported', 'crafted', 'money-back']);
    expect(ungrounded('Backed by a 5 year warranty. Made in Italy.', 'A silver ring.')).toEqual([
      '5 year',
      'warranty',
      'Made in Italy',
    ]);
  });

  it('accepts them when the data says them', () => {
    expect(
      ungrounded(
        'A durable ring with a natural finish, handmade in Italy.',
        'Hand-made, built to last, natural oil finish.',
      ),
    ).toEqual([]);
  });
});
