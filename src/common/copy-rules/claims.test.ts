import { describe, expect, it } from 'vitest';
import { collectGroundedKeys, findClaims, findUngroundedTokens, QUALITY_WORDS } from './claims';

const ungrounded = (copy: string, input: Record<string, string>) =>
  findUngroundedTokens(copy, collectGroundedKeys(input));

describe('findClaims', () => {
  it('reads a number with its unit or noun as one claim, in one form', () => {
    expect(findClaims('1,200 pcs, 9.90 kg, 100% cotton, a 3-year warranty').map((c) => c.key)).toEqual([
      '#1200 piece',
      '#9.9 kg',
      '#100 %',
      'm:cotton',
      '#3 year',
      'q:warranty',
    ]);
  });

  it('gives a dimension chain its unit on every number', () => {
    expect(findClaims('10 × 8 × 3 in').map((c) => c.key)).toEqual(['#10 in', '#8 in', '#3 in']);
  });

  it('reads number words and plural nouns', () => {
    expect(findClaims('two chest pockets').map((c) => c.key)).toEqual(['#2 chest']);
    expect(findClaims('3 years').map((c) => c.key)).toEqual(['#3 year']);
  });
});

describe('grounding', () => {
  it('refuses "3 year warranty" when the only 3 in the input is a dimension', () => {
    expect(ungrounded('Backed by a 3 year warranty.', { dimensions: '10 × 8 × 3 in' })).toEqual([
      '3 year',
      'warranty',
    ]);
  });

  it('accepts the same claim when the input makes it, in any spelling of the unit', () => {
    expect(
      ungrounded('Backed by a 3-year warranty.', { description: 'Comes with a 3 years warranty' }),
    ).toEqual([]);
    expect(ungrounded('Measures 45cm across.', { dimensions: '45 cm' })).toEqual([]);
    expect(ungrounded('A 45 x 30 cm tray.', { dimensions: '45 × 30 cm' })).toEqual([]);
    expect(ungrounded('100% cotton shirt', { material: '100 % Cotton' })).toEqual([]);
  });

  it('reads Russian units as the same claims, and "45х30 см" as a chain', () => {
    expect(findClaims('45х30 см, 2 кг, 10 шт').map((c) => c.key)).toEqual([
      '#45 cm',
      '#30 cm',
      '#2 kg',
      '#10 piece',
    ]);
    expect(ungrounded('Габариты: 45 × 30 cm.', { dimensions: '45 х 30 см' })).toEqual([]);
    expect(ungrounded('Размеры 45 на 30 см.', { dimensions: '45 × 30 cm' })).toEqual([]);
    // A unit is held to the input in any alphabet: 45 kg is no reading of 45 см.
    expect(ungrounded('Весит 45 кг.', { dimensions: '45 см' })).toEqual(['45 кг']);
  });

  it('refuses a known number with a different unit', () => {
    expect(ungrounded('Weighs 45 kg.', { dimensions: '45 cm' })).toEqual(['45 kg']);
  });

  it('accepts a bare number from the input with a noun the input names', () => {
    expect(ungrounded('A size 10 shoe.', { size: '10', product_name: 'Trail Shoe' })).toEqual([]);
    expect(ungrounded('Size 10 in Blue.', { size: '10', colour: 'Blue' })).toEqual([]);
  });

  it('needs grounding for every quality and guarantee word', () => {
    expect(QUALITY_WORDS).toEqual(
      expect.arrayContaining(['warranty', 'certified', 'organic', 'handmade', 'guarantee']),
    );
    expect(ungrounded('Handmade from certified organic cotton, guaranteed.', { material: 'cotton' })).toEqual(
      ['Handmade', 'certified', 'organic', 'guaranteed'],
    );
    expect(
      ungrounded('Hand-made and organic.', { description: 'Each piece is handmade from organic linen.' }),
    ).toEqual([]);
  });

  it('needs grounding for an origin', () => {
    expect(ungrounded('Made in Italy.', { description: 'A linen shirt.' })).toEqual(['Made in Italy']);
    expect(ungrounded('Made in Italy.', { description: 'Made in Italy from linen.' })).toEqual([]);
    expect(ungrounded('Made in France.', { description: 'Made in Italy from linen.' })).toEqual([
      'Made in France',
    ]);
  });

  it('keeps material grounding by canonical form', () => {
    expect(ungrounded('A wooden aluminum frame', { material: 'Wood and aluminium' })).toEqual([]);
    expect(ungrounded('Soft wool', { material: 'cotton' })).toEqual(['wool']);
  });
});
