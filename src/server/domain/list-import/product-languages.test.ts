import { describe, expect, it } from 'vitest';
import type { ParsedProduct } from './parse-product-list';
import { DETECTION_SAMPLE, languageDetector } from './product-languages';

const products = (count: number): ParsedProduct[] =>
  Array.from({ length: count }, (_, position) => ({
    position,
    details: { product_name: `Wasserdichte Wanderjacke für Damen ${position}` },
    imageUrls: [],
  }));

describe('languageDetector', () => {
  it('detects every product of a short list', () => {
    const list = products(DETECTION_SAMPLE);
    list.forEach(languageDetector(list.length));
    expect(list.every((product) => product.language === 'de')).toBe(true);
  });

  it('detects an even sample of a longer list', () => {
    const list = products(5_003);
    list.forEach(languageDetector(list.length));
    const stride = Math.ceil(list.length / DETECTION_SAMPLE);
    for (const product of list) {
      expect(product.languageConfidence !== undefined).toBe(product.position % stride === 0);
    }
    const detected = list.filter((product) => product.languageConfidence !== undefined).length;
    expect(detected).toBeLessThanOrEqual(DETECTION_SAMPLE);
    expect(detected).toBeGreaterThan(DETECTION_SAMPLE * 0.9);
  });
});
