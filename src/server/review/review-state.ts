// Approve, then export (issue 14): each product's review state, set for one product or many at once.
import { sql } from 'drizzle-orm';
import type { ReviewState } from '../../common/entities';
import type { Database } from '../db/client';
import { requireOwnedProducts } from '../ownership/lookups';

export async function setProductReview(
  db: Database,
  ownerId: string,
  bundleWorkflowProductIds: number[],
  review: ReviewState,
): Promise<number> {
  return db.transaction(async (tx) => {
    const owned = await requireOwnedProducts(tx, ownerId, bundleWorkflowProductIds);
    const ids = owned.map((product) => product.id);
    const { rows } = await tx.execute<{ id: number }>(sql`
      update bundle_workflow_products set review_state = ${review}, updated_at = now()
      where id = any(${sql.param(ids)}::int[]) and review_state <> ${review}
      returning id`);
    return rows.length;
  });
}
