import { describe, expect, it } from 'vitest';
import { contrastRatio, flatten, luminance, parseColor, shiftUntil } from './contrast';

describe('contrast (WCAG 2.1 relative luminance)', () => {
  it('gives the known ratios', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    // The figures the audit reported for Mantine's defaults.
    expect(contrastRatio('#ffffff', '#12b886')).toBeCloseTo(2.55, 2);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(luminance('#808080')).toBeCloseTo(0.2159, 3);
  });

  it('reads hex and rgb()/rgba(), and lays a translucent colour over its background', () => {
    expect(parseColor('rgba(10, 20, 30, 0.5)')).toEqual({ r: 10, g: 20, b: 30, a: 0.5 });
    expect(parseColor('rgb(10 20 30 / 0.25)')).toEqual({ r: 10, g: 20, b: 30, a: 0.25 });
    expect(flatten('rgba(0, 0, 0, 0.5)', '#ffffff')).toBe('rgb(128, 128, 128)');
    expect(() => parseColor('teal')).toThrow(/Not a colour/);
  });

  it('shifts a colour only as far as the ratio needs', () => {
    expect(shiftUntil('#000000', ['#ffffff'], 4.5, '#000000')).toBe('#000000');
    const shifted = shiftUntil('#12b886', ['#ffffff'], 4.5, '#000000');
    expect(contrastRatio(shifted, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shifted, '#ffffff')).toBeLessThan(5.2);
  });
});
