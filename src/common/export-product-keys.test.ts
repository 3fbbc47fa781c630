import { describe, expect, it } from 'vitest';
import { structuredValue } from './export-merchant';
import { currentPath, pathOf, truncateText } from './export-product-keys';
import { redirectRow } from './export-redirects';

const product = (url: string, suggestion: string | null) => ({
  id: 1,
  is_multiple_of: null,
  url_suggestion: suggestion,
  product_details: { url, product_name: 'Stool' },
});

describe('store export keys', () => {
  it('reads a path from a URL or a path, never throwing on a broken escape', () => {
    expect(pathOf('https://shop.example/products/stool/?ref=x#top')).toBe('/products/stool');
    expect(pathOf('products/stool')).toBe('/products/stool');
    expect(currentPath(product('https://shop.example/products/wool%E0%A4%A', null))).toBe(
      '/products/wool%E0%A4%A',
    );
  });

  it('writes a redirect only between two different paths', () => {
    expect(redirectRow(product('https://shop.example/products/old', 'https://x.example/stool'))).toEqual([
      '/products/old',
      '/stool',
    ]);
    expect(redirectRow(product('https://shop.example/stool/', '/stool'))).toBeNull();
    expect(redirectRow(product('https://shop.example/a%20b', '/a b'))).toBeNull();
    expect(redirectRow(product('', '/stool'))).toBeNull();
  });

  it('cuts text to a limit in characters, at a word break when near', () => {
    expect(truncateText('a'.repeat(200), 150)).toHaveLength(150);
    expect(truncateText(`${'word '.repeat(40)}`, 150).length).toBeLessThanOrEqual(150);
    expect(truncateText('short', 150)).toBe('short');
  });

  it('marks AI copy for Merchant Center, doubling quotes inside', () => {
    expect(structuredValue('Coat: "Green"')).toBe('trained_algorithmic_media:"Coat: ""Green"""');
  });
});
