import { describe, expect, it } from 'vitest';
import {
  estimateDescriptionWidth,
  estimateTextWidth,
  estimateTitleWidth,
  truncateDescription,
  truncateTitle,
} from './serp-width';

describe('estimateTextWidth', () => {
  it('adds Arial advance widths at the font size', () => {
    // H 722 + e 556 + l 222 + l 222 + o 556 = 2278 thousandths of an em.
    expect(estimateTextWidth('Hello', 20)).toBeCloseTo(45.56, 2);
    expect(estimateTextWidth('Hello', 14)).toBeCloseTo(31.892, 3);
  });

  it('makes wide capitals wider than narrow letters of the same count', () => {
    expect(estimateTitleWidth('WWWWWWWWWW')).toBeCloseTo(188.8, 1);
    expect(estimateTitleWidth('iiiiiiiiii')).toBeCloseTo(44.4, 1);
  });

  it('counts a run of whitespace as one space and accented letters as their base letter', () => {
    expect(estimateTextWidth('a  \n b', 20)).toBe(estimateTextWidth('a b', 20));
    expect(estimateTextWidth('Café', 20)).toBe(estimateTextWidth('Cafe', 20));
  });

  it('gives unknown characters an average width and ideographs a full em', () => {
    expect(estimateTextWidth('\u0416', 10)).toBeCloseTo(5.56, 2);
    expect(estimateTextWidth('漢', 20)).toBe(20);
  });

  it('puts a typical 60-character title under 600 px and a typical description under 920 px', () => {
    const title = 'Oslo Wool Throw in Ochre | Soft Scandinavian Blanket | Nordic';
    expect(estimateTitleWidth(title)).toBeLessThan(600);
    expect(estimateTitleWidth(title.toUpperCase())).toBeGreaterThan(600);
    const description =
      'A soft lambswool throw woven in Norway, in a warm ochre that suits sofas and beds. Generous size, fringed ends, and easy care.';
    expect(estimateDescriptionWidth(description)).toBeLessThan(920);
  });
});

describe('truncation as Google shows it', () => {
  it('keeps text that fits', () => {
    expect(truncateTitle('Short title')).toBe('Short title');
  });

  it('cuts at a word boundary and adds an ellipsis', () => {
    const title = 'Extraordinarily Comfortable Handwoven Merino Wool Throw Blanket With Fringes';
    const shown = truncateTitle(title);
    expect(shown.endsWith(' ...')).toBe(true);
    expect(title.startsWith(shown.slice(0, -4))).toBe(true);
    expect(estimateTitleWidth(shown)).toBeLessThanOrEqual(600);
    expect(truncateDescription('word '.repeat(200)).length).toBeLessThan(1000);
  });
});
