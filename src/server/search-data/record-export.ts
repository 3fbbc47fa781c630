// When copy leaves the app (export-bundle; a push once there is one), each exported product's date is kept,
// for the before/after report. Only products with copy count (done), and with only_approved only the approved
// ones, as the file holds. Exporting the same copy again keeps the first date; changed copy starts a new one.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

export async function recordCopyExported(
  db: Queryable,
  bundleWorkflowId: number,
  onlyApproved: boolean,
): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    with exported as (
      insert into copy_exports (product_id, bundle_id, bundle_workflow_id, exported_at, copy_hash)
      select p.product_id, bw.bundle_id, p.bundle_workflow_id, now(),
        md5(concat_ws(chr(31), p.page_title, p.meta_description, p.heading, p.description, p.fact_sheet))
      from bundle_workflow_products p join bundle_workflows bw on bw.id = p.bundle_workflow_id
      where p.bundle_workflow_id = ${bundleWorkflowId} and p.status = 'done'
        and (${!onlyApproved} or p.review_state = 'approved')
      on conflict (product_id) do update set
        exported_at = case when copy_exports.copy_hash = excluded.copy_hash
          then copy_exports.exported_at else excluded.exported_at end,
        copy_hash = excluded.copy_hash,
        bundle_workflow_id = excluded.bundle_workflow_id
      returning 1)
    select count(*)::int as n from exported`);
  return rows[0]?.n ?? 0;
}
