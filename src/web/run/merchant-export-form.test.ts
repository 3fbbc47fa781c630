// The Merchant feed's default id scheme from the bundle's products.
import { describe, expect, it } from 'vitest';
import { storeMerchantScheme } from './merchant-export-form';

type Product = Parameters<typeof storeMerchantScheme>[0][number];
const product = (details: Record<string, string>, offer?: Record<string, string>): Product => ({
  product_details: details,
  store_copy: offer ? { offer } : null,
});

describe('storeMerchantScheme', () => {
  it('is shopify when the products carry Shopify numeric product and variant ids', () => {
    expect(
      storeMerchantScheme([
        product({ handle: 'tee' }),
        product({ handle: 'tee' }, { product_id: '7001', variant_id: '9001' }),
      ]),
    ).toBe('shopify');
  });

  it('is none for a Shopify CSV export: handles but no numeric ids (the ids must come from the main feed)', () => {
    expect(storeMerchantScheme([product({ handle: 'tee', sku: 'T-1' }, { price: '10.00' })])).toBeNull();
  });

  it('is woocommerce when the products carry WooCommerce post IDs and types', () => {
    expect(storeMerchantScheme([product({ id: '21', product_type: 'variable' })])).toBe('woocommerce');
  });

  it('is none for a pasted list, even one with an id column', () => {
    expect(storeMerchantScheme([product({ product_name: 'Lamp', id: 'lamp-1' })])).toBeNull();
    expect(storeMerchantScheme([])).toBeNull();
  });
});
