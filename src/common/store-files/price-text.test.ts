// Price cells as stores and pasted lists write them: the amount, and the currency where the cell names one.
import { describe, expect, it } from 'vitest';
import { readPriceText } from './price-text';

describe('readPriceText', () => {
  it('reads a bare amount, with a dot or a comma for the decimals', () => {
    expect(readPriceText('14.99')).toEqual({ amount: '14.99' });
    expect(readPriceText(' 12,50 ')).toEqual({ amount: '12.50' });
    expect(readPriceText('30')).toEqual({ amount: '30' });
  });

  it('reads the currency from an ISO code or a symbol that names one currency', () => {
    expect(readPriceText('12.90 EUR')).toEqual({ amount: '12.90', currency: 'EUR' });
    expect(readPriceText('CHF 45')).toEqual({ amount: '45', currency: 'CHF' });
    expect(readPriceText('€12.90')).toEqual({ amount: '12.90', currency: 'EUR' });
    expect(readPriceText('12,90 €')).toEqual({ amount: '12.90', currency: 'EUR' });
    expect(readPriceText('£5')).toEqual({ amount: '5', currency: 'GBP' });
    expect(readPriceText('R$ 30,00')).toEqual({ amount: '30.00', currency: 'BRL' });
    expect(readPriceText('99 zł')).toEqual({ amount: '99', currency: 'PLN' });
  });

  it('keeps the amount but names no currency for a symbol several currencies use', () => {
    expect(readPriceText('$19.99')).toEqual({ amount: '19.99' });
    expect(readPriceText('¥1200')).toEqual({ amount: '1200' });
  });

  it('reads no price from text that is not one', () => {
    for (const text of ['', 'free', '1,234.56', '12.90 XYZ', '€12 EUR', '12-15', 'abc12'])
      expect(readPriceText(text), text).toBeUndefined();
  });
});
