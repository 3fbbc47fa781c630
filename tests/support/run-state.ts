// Where a run and the queue stand, read straight from the database. No test runner needed: the soak bench uses
// it too.
import type pg from 'pg';

/** How many of a run's products are done, and how many are settled (done or failed). */
export async function countSettled(pool: pg.Pool, runId: number): Promise<{ done: number; settled: number }> {
  const { rows } = await pool.query<{ done: number; settled: number }>(
    `select count(*) filter (where status = 'done')::int as done,
            count(*) filter (where status in ('done', 'failed'))::int as settled
     from bundle_workflow_products where bundle_workflow_id = $1`,
    [runId],
  );
  return rows[0]!;
}

/** Where the run (or, without `runId`, every run) and the queue stand, for a timeout's message. */
export async function describeQueue(pool: pg.Pool, runId?: number): Promise<string> {
  const { rows: statuses } = await pool.query(
    `select status, count(*)::int from bundle_workflow_products
     where $1::int is null or bundle_workflow_id = $1 group by status`,
    [runId ?? null],
  );
  const { rows: jobs } = await pool.query(
    `select locked_by, attempts, count(*)::int, min(run_at) as first_run_at, max(last_error) as last_error
     from graphile_worker._private_jobs group by locked_by, attempts`,
  );
  const { rows: heartbeats } = await pool.query(
    'select worker_id, now() - last_seen as silent_for from worker_heartbeats',
  );
  return JSON.stringify({ statuses, jobs, heartbeats, now: new Date() }, null, 1);
}

export type AiLogRow = {
  cost: string;
  prompt_tokens: number;
  completion_tokens: number;
  /** 'started' for a call sent and never settled (its process died): it holds the reserved worst case. */
  call_state: 'started' | 'settled';
};

/** The run's ai log entries: what each call cost (as text, exact) and its tokens, settled or only started. */
export async function readAiLogs(pool: pg.Pool, runId: number): Promise<AiLogRow[]> {
  const { rows } = await pool.query<AiLogRow>(
    `select cost::text, prompt_tokens, completion_tokens, call_state
     from logs where bundle_workflow_id = $1 and type = 'ai'`,
    [runId],
  );
  return rows;
}

/** The logs added up: what the run's totals must come to. */
export function sumAiLogs(logs: readonly AiLogRow[]): {
  cost: number;
  prompt_tokens: number;
  completion_tokens: number;
} {
  return logs.reduce(
    (acc, log) => ({
      cost: acc.cost + Number(log.cost),
      prompt_tokens: acc.prompt_tokens + log.prompt_tokens,
      completion_tokens: acc.completion_tokens + log.completion_tokens,
    }),
    { cost: 0, prompt_tokens: 0, completion_tokens: 0 },
  );
}
