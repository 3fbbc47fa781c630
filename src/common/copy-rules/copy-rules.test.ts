import { describe, expect, it } from 'vitest';
import {
  countCharacters,
  findBannedPhrases,
  findProtectedTermMisses,
  namesValue,
  removeBannedPhrases,
  restoreProtectedTerms,
  truncateAtWordBoundary,
} from './copy-rules';

describe('countCharacters', () => {
  it('counts code points, as a reader does', () => {
    expect(countCharacters('café 👕')).toBe(6);
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

  it('never ends on "&" or on a word that leads into what was cut, in the languages stores write in', () => {
    expect(truncateAtWordBoundary('Velas de Soja APA - Aquí & Ahora', 26)).toBe('Velas de Soja APA - Aquí');
    expect(truncateAtWordBoundary('Soy Candle with Cedar Wood', 20)).toBe('Soy Candle');
    expect(truncateAtWordBoundary('Velas de Soja de Cristal', 17)).toBe('Velas de Soja');
    expect(truncateAtWordBoundary('Duftkerze mit dem Holzdocht', 22)).toBe('Duftkerze');
    expect(truncateAtWordBoundary('Bougie pour la maison', 16)).toBe('Bougie');
  });

  it('cuts inside a word only when a single word is longer than the limit', () => {
    expect(truncateAtWordBoundary('Supercalifragilistic shirt', 10)).toBe('Supercalif');
  });
});

describe('banned phrases', () => {
  it('finds whole phrases in any case, never parts of words', () => {
    expect(findBannedPhrases('The Best-in-class choice.', ['best in class', 'cheap'])).toEqual([
      'best in class',
    ]);
    expect(findBannedPhrases('Not cheaply made.', ['cheap'])).toEqual([]);
  });

  it('removes them and tidies what is left', () => {
    expect(removeBannedPhrases('A warm, best in class jumper.', ['best in class'])).toBe('A warm, jumper.');
    expect(removeBannedPhrases('Cheap! A jumper.', ['cheap'])).toBe('A jumper.');
  });
});

describe('protected terms', () => {
  it('flags a case change or a one-letter slip, not the exact term', () => {
    expect(findProtectedTermMisses('By CopyLoom and Copyloon.', ['Copyloom'])).toEqual([
      { term: 'Copyloom', written: 'CopyLoom' },
      { term: 'Copyloom', written: 'Copyloon' },
    ]);
    expect(findProtectedTermMisses('By Copyloom.', ['Copyloom'])).toEqual([]);
    expect(findProtectedTermMisses('A cosy loom.', ['Copyloom'])).toEqual([]);
    expect(findProtectedTermMisses('Two Anchors and the Anchor’s clasp.', ['Anchor'])).toEqual([]);
    expect(findProtectedTermMisses('Two anchors.', ['Anchor'])).toEqual([
      { term: 'Anchor', written: 'anchors' },
    ]);
  });

  it('restores the term as given', () => {
    expect(restoreProtectedTerms('The merino loft knit.', ['Merino Loft'])).toBe('The Merino Loft knit.');
  });
});

describe('namesValue', () => {
  it('matches option values as whole words, ignoring case and × for x', () => {
    expect(namesValue('Anchor Bracelet – silver', 'Silver')).toBe(true);
    expect(namesValue('Tray 45 x 30 cm', '45 × 30 cm')).toBe(true);
    expect(namesValue('Silverware tray', 'Silver')).toBe(false);
  });
});
