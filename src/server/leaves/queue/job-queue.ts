// Queueing through graphile-worker's SQL API, so jobs are added in the same transaction as the rows they
// work on: a rolled-back bundle leaves no job behind. This folder is a leaf: domain code queues work through
// it, and only the runner (src/server/runner) knows how a job is run.
import { type SQL, sql } from 'drizzle-orm';
import { runMigrations } from 'graphile-worker';
import type pg from 'pg';
import type { Queryable } from '../../db/client';

/** graphile-worker keeps its own schema; it must exist before anything is queued. */
export async function migrateQueue(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool });
}

export type JobOptions = {
  jobKey?: string;
  maxAttempts?: number;
  runAt?: Date;
  priority?: number;
  /** A graphile-worker named queue: its jobs run one at a time, in every worker process together. */
  queueName?: string;
};

export async function addJob(
  db: Queryable,
  task: string,
  payload: object,
  options: JobOptions = {},
): Promise<void> {
  await db.execute(sql`select graphile_worker.add_job(
    ${task}::text,
    ${JSON.stringify(payload)}::json,
    queue_name => ${options.queueName ?? null}::text,
    job_key => ${options.jobKey ?? null}::text,
    max_attempts => ${options.maxAttempts ?? 5}::int,
    run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
    priority => ${options.priority ?? 0}::int)`);
}

/** graphile-worker's priority is a smallint; fair-share priorities stop growing here (then FIFO among them). */
export const MAX_FAIR_PRIORITY = 32_767;

/**
 * Fair share across owners (docs/decisions/011-fair-share-across-users.md): a virtual clock in graphile-worker's
 * priority. A new job of an owner gets `base + rank`, where base is the later of the clock (the lowest priority
 * still waiting for this task: where the queue is now) and one past the owner's own last waiting job, and
 * rank counts the owner's jobs in this batch. graphile-worker takes the lowest priority first, so owners with
 * waiting work take turns job by job (round robin), and a new owner's first job is never behind another's
 * backlog. The jobs' payloads carry `ownerId`, which is how the owner's waiting jobs are found.
 *
 * `queued` is a query with columns (owner_id text, n bigint): the jobs to add, n their order. The answer has
 * one row per queued job: n and its priority.
 */
export function fairPriorities(task: string, queued: SQL): SQL {
  // Materialized steps: each is computed once, whatever the size of the queue (inlined, the planner ran the
  // owner's lookup once per queued job, which grew with the jobs already waiting).
  return sql`
    with fair_in as materialized (${queued}),
    waiting as materialized (
      select j.priority, j.payload->>'ownerId' as owner_id
      from graphile_worker._private_jobs j
      where j.task_id = (select id from graphile_worker._private_tasks where identifier = ${task}::text)
        and j.locked_at is null and j.attempts < j.max_attempts and j.priority >= 0
    ),
    clock as materialized (select coalesce(min(priority), 0) as at from waiting),
    owner_last as materialized (
      select owner_id, max(priority) + 1 as next from waiting
      where owner_id in (select owner_id from fair_in) group by owner_id
    ),
    owners as materialized (
      select o.owner_id, greatest(clock.at, coalesce(l.next, 0)) as base
      from (select distinct owner_id from fair_in) o
      cross join clock
      left join owner_last l on l.owner_id = o.owner_id
    )
    select q.n, least(${MAX_FAIR_PRIORITY}, o.base + row_number() over (partition by q.owner_id order by q.n) - 1)::smallint
             as priority
    from fair_in q join owners o on o.owner_id is not distinct from q.owner_id`;
}
