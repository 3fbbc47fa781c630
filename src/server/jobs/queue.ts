// Queueing through graphile-worker's SQL API, so jobs are added in the same transaction as the rows they
// work on: a rolled-back bundle leaves no job behind.
import { sql } from 'drizzle-orm';
import { runMigrations } from 'graphile-worker';
import type pg from 'pg';
import type { Queryable } from '../db/client';

export const GENERATE_PRODUCT_TASK = 'generate-product';
export const COMPRESS_IMAGE_TASK = 'compress-image';

/** graphile-worker keeps its own schema; it must exist before anything is queued. */
export async function migrateQueue(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool });
}

export type JobOptions = { jobKey?: string; maxAttempts?: number; runAt?: Date; priority?: number };

export async function addJob(
  db: Queryable,
  task: string,
  payload: object,
  options: JobOptions = {},
): Promise<void> {
  await db.execute(sql`select graphile_worker.add_job(
    ${task}::text,
    ${JSON.stringify(payload)}::json,
    job_key => ${options.jobKey ?? null}::text,
    max_attempts => ${options.maxAttempts ?? 5}::int,
    run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
    priority => ${options.priority ?? 0}::int)`);
}

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
      from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as queued(id, n)
      order by n))`);
  return rows[0]?.queued ?? 0;
}
