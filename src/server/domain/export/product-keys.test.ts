import { describe, expect, it } from 'vitest';
import { storeProductDetails } from '../../../common/store-files/store-product-details';
import { structuredValue } from './merchant';
import { currentPath, groupOptions, isSellable, pathOf, truncateText } from './product-keys';
import { productBasePath, shopifyRedirectRow, woocommerceRedirectRow } from './redirects';

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

  it('writes a redirect only for a handle a push changed, under /products/ (Shopify) or the product base (WooCommerce)', () => {
    const changes = new Map([
      [1, { from: 'old-stool', to: 'stool' }],
      [3, { from: 'a', to: 'b' }],
      [4, { from: '', to: 'stool' }],
    ]);
    const p = (id: number, is_multiple_of: number | null = null) => ({ id, is_multiple_of });
    expect(shopifyRedirectRow(p(1), changes)).toEqual(['/products/old-stool', '/products/stool']);
    // No push changed it, a variant (it shares its product's page), or no old handle to redirect from.
    expect(shopifyRedirectRow(p(2), changes)).toBeNull();
    expect(shopifyRedirectRow(p(3, 1), changes)).toBeNull();
    expect(shopifyRedirectRow(p(4), changes)).toBeNull();
    expect(shopifyRedirectRow(p(1), new Map())).toBeNull();
    const base = productBasePath(undefined);
    expect(base).toBe('/product/');
    expect(productBasePath('shop/items')).toBe('/shop/items/');
    expect(woocommerceRedirectRow(p(1), base, changes)).toEqual([
      '/product/old-stool/',
      '/product/stool/',
      '0',
      '301',
    ]);
    expect(woocommerceRedirectRow(p(2), base, changes)).toBeNull();
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

  it('sells each variant, never a row that only names the options or a WooCommerce variable product', () => {
    const row = (
      id: number,
      options: { name: string; value: string }[],
      extra: Record<string, string> = {},
    ) => ({
      id,
      is_multiple_of: id === 1 ? null : 1,
      product_details: {
        ...storeProductDetails({ handle: 'sneaker', options, parent_index: null }),
        ...extra,
      },
    });
    // Shopify's documented example: the first row names Color and Size but holds no value, SKU or price.
    const header = row(1, []);
    const white = row(2, [
      { name: 'Color', value: 'White' },
      { name: 'Size', value: '9.5' },
    ]);
    const group = { parent: header, members: [header, white] };
    expect(isSellable(header, group)).toBe(false);
    expect(isSellable(white, group)).toBe(true);
    // The same row with a price of its own is a variant (Shopify's importer would sell it).
    expect(isSellable({ ...header, store_copy: { offer: { price: '10.00' } } }, group)).toBe(true);
    // A lone product is sold whatever it holds; a variable parent in a group never is.
    expect(isSellable(header, { parent: header, members: [header] })).toBe(true);
    const variable = row(1, [], { product_type: 'variable' });
    expect(isSellable(variable, { parent: variable, members: [variable, white] })).toBe(false);
    // Variants found by detect-variants carry no store options: every member is sold.
    const plain = (id: number) => ({
      id,
      is_multiple_of: id === 1 ? null : 1,
      product_details: { colour: 'Red' },
    });
    expect(isSellable(plain(1), { parent: plain(1), members: [plain(1), plain(2)] })).toBe(true);
  });
});
