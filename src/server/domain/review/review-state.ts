// Approve, then export: each product's review state, set for one product or many at once.
import { and, inArray, ne, sql } from 'drizzle-orm';
import type { ReviewState } from '../../../common/contract/entities';
import type { Database } from '../../db/client';
import { bundleWorkflowProducts } from '../../db/schema';
import { requireOwnedProducts } from '../../leaves/ownership/lookups';

export async function setProductReview(
  db: Database,
  ownerId: string,
  bundleWorkflowProductIds: number[],
  review: ReviewState,
): Promise<number> {
  return db.transaction(async (tx) => {
    const owned = await requireOwnedProducts(tx, ownerId, bundleWorkflowProductIds);
    const ids = owned.map((product) => product.id);
    const p = bundleWorkflowProducts;
    const rows = await tx
      .update(p)
      .set({ reviewState: review, updatedAt: sql`now()` })
      .where(and(inArray(p.id, ids), ne(p.reviewState, review)))
      .returning({ id: p.id });
    return rows.length;
  });
}
