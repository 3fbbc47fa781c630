import { describe, expect, it } from 'vitest';
import { isFromStoreExport, storeVariantLinks } from './store-variant-links';

const product = (position: number, details: Record<string, string>) => ({
  position,
  details: { product_name: `Product ${position}`, ...details },
});

describe('storeVariantLinks', () => {
  it('links a Shopify variant to the first product of its handle, and a WooCommerce variation by parent_id', () => {
    const products = [
      product(0, { handle: 'shirt' }),
      product(1, { handle: 'mug' }),
      product(2, { handle: 'shirt', parent_handle: 'shirt' }),
      product(3, { id: '45', sku: 'hoodie' }),
      product(4, { id: '79', parent_id: '45' }),
      product(5, { id: '90', parent_id: '999' }),
    ];
    expect(isFromStoreExport(products)).toBe(true);
    expect(storeVariantLinks(products)).toEqual(
      new Map([
        [2, 0],
        [4, 3],
      ]),
    );
  });

  it('does not apply to a product list without store identifiers', () => {
    expect(isFromStoreExport([product(0, { sku: 'A-1' }), product(1, {})])).toBe(false);
  });
});
