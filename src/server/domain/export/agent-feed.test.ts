import { describe, expect, it } from 'vitest';
import { minorUnits } from './agent-feed';

describe('prices in minor units', () => {
  it('counts in the currency’s own minor unit (ISO 4217 exponent)', () => {
    expect(minorUnits('29.99', 'USD')).toBe(2999);
    expect(minorUnits('60', 'USD')).toBe(6000);
    expect(minorUnits('12.5', 'EUR')).toBe(1250);
    expect(minorUnits('1500', 'JPY')).toBe(1500);
    expect(minorUnits('3.125', 'KWD')).toBe(3125);
  });

  it('rounds half up past the exponent, and refuses what is not an amount', () => {
    expect(minorUnits('12.345', 'USD')).toBe(1235);
    expect(minorUnits('12.344', 'USD')).toBe(1234);
    expect(minorUnits('999.5', 'JPY')).toBe(1000);
    expect(minorUnits('12,50', 'EUR')).toBeUndefined();
    expect(minorUnits('', 'EUR')).toBeUndefined();
  });
});
