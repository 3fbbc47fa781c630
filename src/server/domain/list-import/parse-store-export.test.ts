import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../../tests/support/fixture-path';
import { AppError } from '../../leaves/app-error/app-error';
import { parseStoreExport } from './parse-store-export';

describe('parseStoreExport', () => {
  it('links each WooCommerce variation to the position of the product its Parent names', () => {
    const { products, parentOf, columns } = parseStoreExport(
      'woocommerce',
      readFixture('woocommerce-sample-products.csv'),
    );
    expect(columns).toContain('title');
    const positionOfSku = new Map(products.map((product) => [product.details.sku, product.position]));
    expect(parentOf.get(positionOfSku.get('woo-hoodie-blue-logo')!)).toBe(positionOfSku.get('woo-hoodie'));
    expect(parentOf.get(positionOfSku.get('woo-vneck-tee-red')!)).toBe(positionOfSku.get('woo-vneck-tee'));
    expect(parentOf.has(positionOfSku.get('woo-hoodie-with-logo')!)).toBe(false);
    expect(parentOf.size).toBe(7);
  });

  it('names the format a file has when another was chosen', () => {
    const text = readFixture('shopify-jewelry.csv');
    expect(() => parseStoreExport('woocommerce', text)).toThrow(AppError);
    expect(() => parseStoreExport('woocommerce', text)).toThrow(/Shopify export, not a WooCommerce export/);
  });
});
