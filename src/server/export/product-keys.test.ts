import { describe, expect, it } from 'vitest';
import { storeProductDetails } from '../../common/store-product-details';
import { structuredValue } from './merchant';
import { currentPath, groupOptions, pathOf, truncateText } from './product-keys';
import { redirectRow } from './redirects';

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

  it('reads the options a store import writes, in the order of the parent', () => {
    const stored = (id: number, options: { name: string; value: string }[]) => ({
      id,
      is_multiple_of: id === 1 ? null : 1,
      product_details: storeProductDetails({ handle: 'shirt', options, parent_index: null }),
    });
    const parent = stored(1, [
      { name: 'Color', value: 'Blue' },
      { name: 'Size', value: 'S' },
    ]);
    const variant = stored(2, [
      { name: 'Size', value: 'M' },
      { name: 'Color', value: 'Red' },
    ]);
    expect(variant.product_details).toMatchObject({ option1_name: 'Size', option1_value: 'M' });
    expect(groupOptions({ parent, members: [parent, variant] }).get(2)).toEqual([
      { name: 'Color', value: 'Red' },
      { name: 'Size', value: 'M' },
    ]);
  });
});
