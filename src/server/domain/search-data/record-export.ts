// When copy leaves the app (export-bundle, or push-to-store writing a product's fields), each product's date
// is kept, for the before/after report. Only products with copy count (done); an export with only_approved
// dates only the approved ones, as the file holds, and a push only the products it wrote (its undo takes that
// date back). Sending the same copy again keeps the first date; changed copy starts a new one.
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { generatedCopySql } from '../../db/copy-sql';
import { computedRow, rawRows } from '../../db/raw-rows';

const counted = computedRow({ n: z.number() });

/** The products' dates: one INSERT, which a caller's WITH can hold too. */
const recordStatement = (where: SQL) => sql`
  insert into copy_exports (product_id, bundle_id, bundle_workflow_id, exported_at, copy_hash)
  select p.product_id, bw.bundle_id, p.bundle_workflow_id, now(),
    md5(concat_ws(chr(31), ${generatedCopySql('p')}))
  from bundle_workflow_products p join bundle_workflows bw on bw.id = p.bundle_workflow_id
  where p.status = 'done' and ${where}
  on conflict (product_id) do update set
    exported_at = case when copy_exports.copy_hash = excluded.copy_hash
      then copy_exports.exported_at else excluded.exported_at end,
    copy_hash = excluded.copy_hash,
    bundle_workflow_id = excluded.bundle_workflow_id`;

async function recordWhere(db: Queryable, where: SQL): Promise<number> {
  const [row] = await rawRows(
    db,
    counted,
    sql`with exported as (${recordStatement(where)} returning 1) select count(*)::int as n from exported`,
  );
  return row?.n ?? 0;
}

/** export-bundle: the run's products with copy, or only the approved ones. */
export function recordCopyExported(
  db: Queryable,
  bundleWorkflowId: number,
  onlyApproved: boolean,
): Promise<number> {
  return recordWhere(
    db,
    sql`p.bundle_workflow_id = ${bundleWorkflowId} and (${!onlyApproved} or p.review_state = 'approved')`,
  );
}

/**
 * A push: the products (bundle_workflow_products ids) whose fields it wrote to the store, as one statement
 * that the push's WITH holds beside its journal's, so that a chunk is recorded in one round trip.
 */
export const recordProductsExported = (bundleWorkflowProductIds: number[]): SQL =>
  recordStatement(sql`p.id = any(${sql.param(bundleWorkflowProductIds)}::int[])`);

/**
 * An undo of a push: the products it wrote back lose the date that push gave them (one from `since`, the
 * push's start, on), so the report does not credit copy the store no longer shows. An earlier date (a file
 * export of the same copy before the push) stays. One statement, as recordProductsExported.
 */
export const forgetProductsExported = (bundleWorkflowProductIds: number[], since: Date): SQL => sql`
  delete from copy_exports e using bundle_workflow_products p
  where p.id = any(${sql.param(bundleWorkflowProductIds)}::int[]) and e.product_id = p.product_id
    and e.bundle_workflow_id = p.bundle_workflow_id and e.exported_at >= ${since.toISOString()}::timestamptz`;
