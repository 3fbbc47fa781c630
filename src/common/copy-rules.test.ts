import { describe, expect, it } from 'vitest';
import { countCharacters, findClaims, truncateAtWordBoundary } from './copy-rules';

describe('countCharacters', () => {
  it('counts code points, as a reader does', () => {
    expect(countCharacters('café 👕')).toBe(6);
  });
});

describe('findClaims', () => {
  it('finds numbers with units and normalises thousands separators', () => {
    expect(findClaims('1,200 pcs, 9.90 kg, 100%')).toEqual([
      { token: '1,200 pcs', key: '#1200' },
      { token: '9.90 kg', key: '#9.9' },
      { token: '100%', key: '#100' },
    ]);
  });
});

describe('truncateAtWordBoundary', () => {
  it('leaves short text alone', () => {
    expect(truncateAtWordBoundary('Ocean Blue Shirt', 16)).toBe('Ocean Blue Shirt');
  });

  it('cuts after the last whole word that fits, with no ellipsis', () => {
    expect(truncateAtWordBoundary('Ocean Blue Shirt', 15)).toBe('Ocean Blue');
    expect(truncateAtWordBoundary('Ocean Blue Shirt', 11)).toBe('Ocean Blue');
    expect(truncateAtWordBoundary('Ocean Blue Shirt', 10)).toBe('Ocean Blue');
    expect(truncateAtWordBoundary('Ocean Blue Shirt', 9)).toBe('Ocean');
  });

  it('drops separators left dangling by the cut', () => {
    expect(truncateAtWordBoundary('Ocean Blue Shirt – Blue | partners-demo', 26)).toBe(
      'Ocean Blue Shirt – Blue',
    );
    expect(truncateAtWordBoundary('Soft, warm, cosy', 11)).toBe('Soft, warm');
  });

  it('cuts inside a word only when a single word is longer than the limit', () => {
    expect(truncateAtWordBoundary('Supercalifragilistic shirt', 10)).toBe('Supercalif');
  });
});
