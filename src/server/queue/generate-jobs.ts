// The generate-product job: its name, its payload, and the one statement that queues a run's products.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../db/client';

export const GENERATE_PRODUCT_TASK = 'generate-product';

export const generateProductPayloadSchema = z.object({
  bundleWorkflowProductId: z.number().int().positive(),
});

/**
 * Queues one generate-product job per run product, in one statement. The job key makes a repeat harmless.
 * graphile-worker's add_jobs takes them all at once: add_job per row ran its whole plpgsql body (and a
 * NOTIFY) once per job, which took most of a minute for a 20,000-product import.
 */
export async function queueGenerateJobs(db: Queryable, bundleWorkflowProductIds: number[]): Promise<number> {
  // add_jobs cannot take one key twice in a call ("ON CONFLICT DO UPDATE cannot affect row a second time").
  const ids = [...new Set(bundleWorkflowProductIds)];
  if (ids.length === 0) return 0;
  const { rows } = await db.execute<{ queued: number }>(sql`
    select count(*)::int as queued from graphile_worker.add_jobs(array(
      select row(
        ${GENERATE_PRODUCT_TASK}::text,
        json_build_object('bundleWorkflowProductId', id),
        null::text,
        null::timestamptz,
        5::smallint,
        ${GENERATE_PRODUCT_TASK}::text || ':' || id,
        null::smallint,
        null::text[])::graphile_worker.job_spec
      from unnest(${sql.param(ids)}::int[]) with ordinality as queued(id, n)
      order by n))`);
  return rows[0]?.queued ?? 0;
}
