import { describe, expect, it } from 'vitest';
import { isValueList, plainValue } from './store-product-details';

describe('isValueList', () => {
  it('tells a list of values from one value with a decimal comma', () => {
    for (const list of ['S, M, L', 'Blue,Red', '5, 6', 'size-5; size-6', 'Blue | Red'])
      expect(isValueList(list), list).toBe(true);
    for (const one of ['10,00 €', '2,5 kg', 'Large', '45 × 30 cm']) expect(isValueList(one), one).toBe(false);
  });
});

describe('plainValue', () => {
  it('labels a bare number with its option name, except Shopify\'s placeholder "Title"', () => {
    expect(plainValue({ name: 'Ring size', value: '7' })).toBe('Size 7');
    expect(plainValue({ name: 'Title', value: '50' })).toBe('50');
    expect(plainValue({ name: 'Color', value: 'Silver' })).toBe('Silver');
  });
});
