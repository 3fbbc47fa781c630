import { describe, expect, it } from 'vitest';
import { pickSample, type SampleCandidate } from './pick-sample';

const product = (position: number, name: string, description = '', type = ''): SampleCandidate => ({
  position,
  details: { product_name: name, description, ...(type ? { product_type: type } : {}) },
});

describe('pickSample', () => {
  // 0–11 products of their own (one of them long, one a lamp), 20 a parent with variants 21–23.
  const products = [
    ...Array.from({ length: 12 }, (_, i) => product(i, `Chair ${i}`, 'x'.repeat(10 + i * 5), 'chair')),
    product(12, 'Desk Lamp', 'A brass lamp.', 'lamp'),
    product(13, 'Long Sofa', 'y'.repeat(5_000), 'chair'),
    product(20, 'Linen Shirt', 'A linen shirt.', 'shirt'),
    product(21, 'Linen Shirt S'),
    product(22, 'Linen Shirt M'),
    product(23, 'Linen Shirt L'),
  ];
  const parentOf = new Map([
    [21, 20],
    [22, 20],
    [23, 20],
  ]);

  it('holds a parent with its variants, products of their own, each type, the shortest and longest', () => {
    const sample = pickSample(products, parentOf, 10);
    expect(sample).toHaveLength(10);
    expect(sample).toEqual(expect.arrayContaining([20, 21, 12, 13, 0]));
    // Every variant taken has its parent beside it.
    for (const position of sample) {
      const parent = parentOf.get(position);
      if (parent !== undefined) expect(sample).toContain(parent);
    }
  });

  it('takes the whole bundle when it is no bigger than the sample', () => {
    expect(pickSample(products.slice(0, 5), new Map(), 10)).toEqual([0, 1, 2, 3, 4]);
  });

  it('cuts a family to fit, parent first', () => {
    expect(pickSample(products.slice(14), parentOf, 2)).toEqual([20, 21]);
  });
});
