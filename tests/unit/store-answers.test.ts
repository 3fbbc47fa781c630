// A store that answers a shape we did not ask for fails as the store's error, naming what was wrong, rather
// than crashing further on: every answer is parsed with a schema (docs/decisions/024-store-platform-seam.md).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bulkProduct } from '../../src/server/domain/stores/shopify/shopify-bulk-lines';
import { parseStoreAnswer, StoreApiError } from '../../src/server/domain/stores/store-api-error';
import { wooLive } from '../../src/server/domain/stores/woocommerce/woocommerce-answers';

const product = {
  id: 'gid://shopify/Product/1',
  handle: 'chair',
  title: 'Chair',
  descriptionHtml: '<p>A chair</p>',
  vendor: 'Acme',
  productType: 'Furniture',
  tags: [],
  status: 'ACTIVE',
  updatedAt: '2026-01-01T00:00:00Z',
  seo: { title: null, description: null },
};
const variant = { id: 'gid://shopify/ProductVariant/1', __parentId: product.id, sku: 'C1', price: '10.00' };

describe('store answers are parsed, not cast', () => {
  it('answers what matches the schema, its unread fields dropped', () => {
    const parsed = parseStoreAnswer(z.object({ id: z.number() }), { id: 7, extra: true }, 'The answer');
    expect(parsed).toEqual({ id: 7 });
  });

  it('refuses another shape as a StoreApiError that names the field', () => {
    const live = { id: 7, description: 'x', date_modified_gmt: '2026-01-01T00:00:00', meta_data: 'none' };
    const error = (() => {
      try {
        parseStoreAnswer(z.array(wooLive), [live], "WooCommerce's answer to /products");
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(StoreApiError);
    expect(error).toMatchObject({
      kind: 'api',
      message: expect.stringMatching(
        /^WooCommerce's answer to \/products was not of the expected shape \(0\.meta_data: /,
      ),
    });
  });

  it("reads a Shopify bulk result's product and its children, and refuses a line of another shape", () => {
    expect(bulkProduct(product, 1, [variant]).variants).toEqual([
      { id: variant.id, sku: 'C1', barcode: null, price: '10.00', selectedOptions: [], imageUrl: '' },
    ]);
    expect(() => bulkProduct({ ...product, handle: 5 }, 7, [])).toThrow(
      /Line 7 of Shopify's bulk result was not of the expected shape \(handle: /,
    );
    expect(() => bulkProduct(product, 1, [{ ...variant, price: {} }])).toThrow(StoreApiError);
  });
});
