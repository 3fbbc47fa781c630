// The store's own id of each of a run's products that came from a connected Shopify store: the translations
// file names a product by that id alone (shopify-translations.ts), and a product file or pasted list has none.
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { bundleWorkflowProducts, storeProducts, stores } from '../../db/schema';
import { storeOf } from '../../leaves/ownership/conditions';

/** product id → the store's numeric product id ("gid://shopify/Product/8079393226938" → "8079393226938"). */
export async function storeProductIds(
  db: Queryable,
  ownerId: string,
  bundleWorkflowId: number,
): Promise<Map<number, string>> {
  const rows = await db
    .select({ productId: storeProducts.productId, remote: storeProducts.remoteProductId })
    .from(storeProducts)
    .innerJoin(stores, eq(stores.id, storeProducts.storeId))
    .innerJoin(bundleWorkflowProducts, eq(bundleWorkflowProducts.productId, storeProducts.productId))
    .where(
      and(
        storeOf(ownerId),
        eq(stores.platform, 'shopify'),
        eq(bundleWorkflowProducts.bundleWorkflowId, bundleWorkflowId),
      ),
    );
  const ids = new Map<number, string>();
  for (const row of rows) {
    const numeric = /(\d+)$/.exec(row.remote)?.[1];
    if (numeric) ids.set(row.productId, numeric);
  }
  return ids;
}
