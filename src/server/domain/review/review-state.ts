// Approve, then export: each product's review state, set for one product or many at once, with who set it.
// A workspace that requires another reviewer refuses an approval by the product's last editor (the person of
// its newest version made by a person: an edit or a restore).
import { and, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { ReviewState } from '../../../common/contract/entities';
import type { Database, Queryable } from '../../db/client';
import { computedRow, rawRows } from '../../db/raw-rows';
import { bundles, bundleWorkflowProducts, workspaces } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { liveBundleOf } from '../../leaves/ownership/conditions';
import { requireOwnedProducts } from '../../leaves/ownership/lookups';
import type { Membership } from '../../leaves/ownership/membership';

export async function setProductReview(
  db: Database,
  member: Membership,
  bundleWorkflowProductIds: number[],
  review: ReviewState,
): Promise<number> {
  return db.transaction(async (tx) => {
    const owned = await requireOwnedProducts(tx, member.workspaceId, bundleWorkflowProductIds);
    const ids = owned.map((product) => product.id);
    if (review === 'approved') await refuseOwnEdits(tx, member, ids);
    const p = bundleWorkflowProducts;
    const rows = await tx
      .update(p)
      .set({ reviewState: review, reviewedBy: member.userId, reviewedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(inArray(p.id, ids), ne(p.reviewState, review)))
      .returning({ id: p.id });
    return rows.length;
  });
}

const lastEditor = computedRow({ id: z.number(), name: z.string(), editor: z.string() });

/** The newest person-made version of each product, when that person is `userId`. */
function editedBySql(ids: number[], userId: string) {
  return sql`
    select e.id, coalesce(pr.details->>'title', '') as name, e.user_id as editor
    from (select distinct on (v.bundle_workflow_product_id) v.bundle_workflow_product_id as id, v.user_id
          from product_versions v
          where v.bundle_workflow_product_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
            and v.user_id is not null
          order by v.bundle_workflow_product_id, v.id desc) e
    join bundle_workflow_products p on p.id = e.id
    left join products pr on pr.id = p.product_id
    where e.user_id = ${userId}`;
}

async function refuseOwnEdits(tx: Queryable, member: Membership, ids: number[]): Promise<void> {
  const [workspace] = await tx
    .select({ required: workspaces.requireOtherReviewer })
    .from(workspaces)
    .where(sql`${workspaces.id} = ${member.workspaceId}`);
  if (!workspace?.required || ids.length === 0) return;
  const own = await rawRows(tx, lastEditor, editedBySql(ids, member.userId));
  if (own.length === 0) return;
  const named = own
    .slice(0, 3)
    .map((row) => `"${row.name}" (${row.id})`)
    .join(', ');
  throw new AppError(
    'forbidden',
    `This workspace needs copy approved by someone other than its last editor, and you last edited ${named}${own.length > 3 ? ` and ${own.length - 3} more` : ''}: ask another reviewer to approve ${own.length === 1 ? 'it' : 'them'}.`,
  );
}

const b = alias(bundles, 'b');

/**
 * When a workspace starts requiring another reviewer, approvals its rule would have refused (by the
 * product's own last editor) go back to pending, so that "approved" means the same for every product.
 */
export async function reopenOwnApprovals(tx: Queryable, workspaceId: string): Promise<number> {
  const rows = await tx.execute(sql`
    update bundle_workflow_products p set review_state = 'pending', updated_at = now()
    from bundle_workflows bw, bundles b
    where bw.id = p.bundle_workflow_id and b.id = bw.bundle_id and ${liveBundleOf(workspaceId, b)}
      and p.review_state = 'approved'
      and p.reviewed_by = (select v.user_id from product_versions v
                           where v.bundle_workflow_product_id = p.id and v.user_id is not null
                           order by v.id desc limit 1)
    returning p.id`);
  return rows.rows.length;
}
