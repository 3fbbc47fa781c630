// What a finished Shopify push must leave, checked the same way by every proof that kills something mid-push:
// every journalled field holds our value in the store, and every product got exactly one productUpdate.
import { expect } from 'vitest';
import type { FakeShopify } from './fake-shopify';

export type JournalItem = { remote_product_id: string; field: string; after: string };

const numericId = (gid: string) => Number(gid.slice(gid.lastIndexOf('/') + 1));

export function expectPushLanded(
  shopify: Pick<FakeShopify, 'products'>,
  items: readonly JournalItem[],
  updatedProductIds: readonly number[],
  productCount: number,
): void {
  for (const item of items) {
    const product = shopify.products.find((p) => p.id === numericId(item.remote_product_id));
    expect(product, item.remote_product_id).toBeDefined();
    const live = {
      description: product!.descriptionHtml,
      seo_title: product!.seo.title,
      seo_description: product!.seo.description,
    }[item.field];
    expect(live, `${item.remote_product_id} ${item.field}`).toBe(item.after);
  }
  const counts = new Map<number, number>();
  for (const id of updatedProductIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  expect([...counts].filter(([, count]) => count > 1)).toEqual([]);
  expect(counts.size).toBe(productCount);
}
