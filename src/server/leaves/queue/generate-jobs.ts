// The generate-product job: its name, its payload, and the one statement that queues a run's products.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { computedRow, rawRows } from '../../db/raw-rows';
import { fairPriorities } from './job-queue';

export const GENERATE_PRODUCT_TASK = 'generate-product';

export const generateProductPayloadSchema = z.object({
  bundleWorkflowProductId: z.number().int().positive(),
  /** The bundle's owner, for the fair share across owners (job-queue.ts, fairPriorities). */
  ownerId: z.string().optional(),
  /** Times the job has waited for the product's photos to be compressed (a workflow that sees). */
  imageWaits: z.number().int().nonnegative().optional(),
});

/** One job a run product: its key makes a repeat harmless, and a waiting job queue its next run in place. */
export function generateJobKey(bundleWorkflowProductId: number): string {
  return `${GENERATE_PRODUCT_TASK}:${bundleWorkflowProductId}`;
}

/**
 * Queues one generate-product job per run product, in one statement. The job key makes a repeat harmless.
 * graphile-worker's add_jobs takes them all at once: add_job per row ran its whole plpgsql body (and a
 * NOTIFY) once per job, which took most of a minute for a 20,000-product import. Each job's priority is the
 * owner's fair share (fairPriorities): a small run of one user is not queued behind another user's big one.
 */
export async function queueGenerateJobs(db: Queryable, bundleWorkflowProductIds: number[]): Promise<number> {
  // add_jobs cannot take one key twice in a call ("ON CONFLICT DO UPDATE cannot affect row a second time").
  const ids = [...new Set(bundleWorkflowProductIds)];
  if (ids.length === 0) return 0;
  const queued = sql`
    select q.n, q.id, b.owner_id
    from unnest(${sql.param(ids)}::int[]) with ordinality as q(id, n)
    left join bundle_workflow_products p on p.id = q.id
    left join bundle_workflows w on w.id = p.bundle_workflow_id
    left join bundles b on b.id = w.bundle_id`;
  const rows = await rawRows(
    db,
    computedRow({ queued: z.number() }),
    sql`
    with queued as materialized (${queued}),
    fair as materialized (${fairPriorities(GENERATE_PRODUCT_TASK, sql`select owner_id, n from queued`)})
    select count(*)::int as queued from graphile_worker.add_jobs(array(
      select row(
        ${GENERATE_PRODUCT_TASK}::text,
        json_strip_nulls(json_build_object('bundleWorkflowProductId', q.id, 'ownerId', q.owner_id)),
        null::text,
        null::timestamptz,
        5::smallint,
        ${GENERATE_PRODUCT_TASK}::text || ':' || q.id,
        fair.priority,
        null::text[])::graphile_worker.job_spec
      from queued q join fair on fair.n = q.n
      order by q.n))`,
  );
  return rows[0]?.queued ?? 0;
}
