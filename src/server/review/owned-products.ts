// Which of the given run products the owner may touch. Another user's product answers unknown_bundle,
// exactly as a missing one does (as bundles/bundle-access does for the rest of the run's functions).
import { sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { Queryable } from '../db/client';

export type OwnedProduct = { id: number; bundleWorkflowId: number; productId: number };

/** Every id must be the owner's, and all of them in one run; otherwise unknown_bundle, changing nothing. */
export async function requireOwnedProducts(
  db: Queryable,
  ownerId: string,
  ids: readonly number[],
): Promise<OwnedProduct[]> {
  const unique = [...new Set(ids)];
  const { rows } = await db.execute<{ id: number; bundle_workflow_id: number; product_id: number }>(sql`
    select p.id, p.bundle_workflow_id, p.product_id
    from bundle_workflow_products p
    join bundle_workflows bw on bw.id = p.bundle_workflow_id
    join bundles b on b.id = bw.bundle_id
    where p.id = any(${sql.param(unique)}::int[]) and b.owner_id = ${ownerId} and b.deleted_at is null
    order by p.id`);
  if (rows.length !== unique.length) {
    throw new AppError('unknown_bundle', 'Some of those products do not exist.');
  }
  return rows.map((row) => ({
    id: row.id,
    bundleWorkflowId: row.bundle_workflow_id,
    productId: row.product_id,
  }));
}
