// Queueing through graphile-worker's SQL API, so jobs are added in the same transaction as the rows they
// work on: a rolled-back bundle leaves no job behind. This folder is a leaf: domain code queues work through
// it, and only the runner (src/server/runner) knows how a job is run.
import { sql } from 'drizzle-orm';
import { runMigrations } from 'graphile-worker';
import type pg from 'pg';
import type { Queryable } from '../db/client';

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
