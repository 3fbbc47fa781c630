// The offer a store export row states: price, barcode and stock from the store's own columns.
import { describe, expect, it } from 'vitest';
import { readStoreOffer, storeOfferColumns } from './store-offer';

describe('store offer', () => {
  // The 2024 Shopify template's digital book (tests/fixtures/shopify-product-template-2024.csv) prints its ISBN.
  const columns = storeOfferColumns(['Title', 'SKU', 'Barcode', 'Price']);

  it('reads a barcode printed with dashes or spaces as its digits', () => {
    expect(readStoreOffer(columns, ['Rock', 'HRM-EBK-PDF', '978-1-98765-432-1', '14.99'])).toEqual({
      price: '14.99',
      gtin: '9781987654321',
    });
    expect(readStoreOffer(columns, ['Tee', 'T-1', '5784 3977 6500', '19.99'])?.gtin).toBe('578439776500');
    expect(readStoreOffer(columns, ['Tee', 'T-1', "'00012345678905", '19.99'])?.gtin).toBe('00012345678905');
  });

  it('keeps no barcode that is not 8 to 14 digits', () => {
    for (const barcode of ['12-34', 'ABC-123456789', '123456789012345', ''])
      expect(readStoreOffer(columns, ['Tee', 'T-1', barcode, '19.99'])).toEqual({ price: '19.99' });
  });
});
