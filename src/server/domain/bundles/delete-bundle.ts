// delete-bundle answers at once: it marks the bundle deleted (every function then answers unknown_bundle for
// it, as for a missing one) and queues a purge-bundle job that removes the rows in batches, each batch its own
// short transaction, so a 50,000-product bundle never holds a request, a long lock or a worker for minutes.
// Why a job rather than one cascade: docs/decisions/009-deleting-big-bundles.md.
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Queryable } from '../../db/client';
import { computedRow, rawRows } from '../../db/raw-rows';
import { bundles } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { liveBundleOf } from '../../leaves/ownership/conditions';
import { queuePurgeBundle } from '../../leaves/queue/purge-jobs';
import { carrySpendAndDeleteRunsSql } from '../../leaves/spending-cap/monthly-budget';

export async function deleteBundle(db: Database, ownerId: string, bundleId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(bundles)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(bundles.id, bundleId), liveBundleOf(ownerId)))
      .returning({ id: bundles.id });
    if (rows.length === 0) throw new AppError('unknown_bundle');
    await queuePurgeBundle(tx, bundleId);
  });
}

/** Run products removed per transaction: with two images each, one batch takes well under a second. */
export const PURGE_BATCH = 2_000;

/**
 * Removes a deleted bundle's rows, a batch of run products at a time (their images, compressed images and
 * versions go by cascade over indexed keys), then its runs (with their logs), products and the bundle row.
 * Each step commits on its own: a crash leaves a smaller bundle that is still marked deleted, and the job's
 * retry carries on. A bundle that is not marked deleted is never touched. Answers how many run products went.
 */
const counted = computedRow({ n: z.number() });

export async function purgeBundle(db: Queryable, bundleId: number, batch = PURGE_BATCH): Promise<number> {
  const marked = await db.execute(
    sql`select 1 from bundles where id = ${bundleId} and deleted_at is not null`,
  );
  if (marked.rows.length === 0) return 0;
  let removed = 0;
  for (;;) {
    // Queued generate jobs of the bundle find their product gone and end; the products go first for that.
    const rows = await rawRows(
      db,
      counted,
      sql`
      with doomed as (
        select p.id from bundle_workflow_products p
        join bundle_workflows bw on bw.id = p.bundle_workflow_id
        where bw.bundle_id = ${bundleId}
        limit ${batch}),
      gone as (delete from bundle_workflow_products p using doomed d where p.id = d.id returning 1)
      select count(*)::int as n from gone`,
    );
    const n = rows[0]?.n ?? 0;
    removed += n;
    if (n < batch) break;
  }
  // The runs' logs go with them: their spend is kept for the owner's monthly budget first.
  await db.execute(carrySpendAndDeleteRunsSql(bundleId));
  for (;;) {
    const rows = await rawRows(
      db,
      counted,
      sql`
      with gone as (
        delete from products where id in (select id from products where bundle_id = ${bundleId} limit ${batch * 5})
        returning 1)
      select count(*)::int as n from gone`,
    );
    if ((rows[0]?.n ?? 0) === 0) break;
  }
  await db.execute(sql`delete from bundles where id = ${bundleId} and deleted_at is not null`);
  return removed;
}
