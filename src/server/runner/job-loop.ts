// job-queue-event-loop: runs a worker inside the request for up to exit_after_seconds, through the same
// claim path as every other worker. One loop at a time per user: that user's second call gets already_running,
// and another user's loop is not held up by it.
import type pg from 'pg';
import { z } from 'zod';
import { AppError } from '../app-error';
import { computedRow, parseRows } from '../db/raw-rows';
import { startWorker, type WorkerOptions } from './start-worker';

/** The queue as the app holds it: what a worker needs, so the job loop starts one exactly like the server's. */
export type QueueHandle = WorkerOptions;
export type JobLoopOptions = {
  /** The caller: the lock is theirs, so nobody can keep another user's loop from starting. */
  userId: string;
  exitAfterSeconds: number;
  exitAfterInactiveSeconds?: number;
  signal?: AbortSignal;
};
export type JobLoopResult = { durationMs: number; reason: 'time_limit' | 'inactive' | 'client_gone' };

const JOB_LOOP_LOCK_KEY = 72_610_002;

export async function runJobLoop(queue: QueueHandle, options: JobLoopOptions): Promise<JobLoopResult> {
  const started = Date.now();
  const lockClient = await queue.pool.connect();
  try {
    const rows = parseRows(
      computedRow({ locked: z.boolean() }),
      (
        await lockClient.query('select pg_try_advisory_lock($1, hashtext($2)) as locked', [
          JOB_LOOP_LOCK_KEY,
          options.userId,
        ])
      ).rows,
    );
    if (!rows[0]?.locked) throw new AppError('already_running', 'Your job loop is already running.');
    try {
      const worker = await startWorker(queue);
      let lastActivity = Date.now();
      let running = 0;
      worker.events.on('job:start', () => {
        running++;
        lastActivity = Date.now();
      });
      worker.events.on('job:complete', () => {
        running = Math.max(0, running - 1);
        lastActivity = Date.now();
      });
      const reason = await new Promise<JobLoopResult['reason']>((resolve) => {
        let checking = false;
        const timer = setInterval(async () => {
          const now = Date.now();
          if (options.signal?.aborted) return finish('client_gone');
          if (now - started >= options.exitAfterSeconds * 1000) return finish('time_limit');
          const idleFor = options.exitAfterInactiveSeconds;
          if (idleFor === undefined || checking || running > 0 || now - lastActivity < idleFor * 1000) return;
          // Quiet for long enough: inactive only if nothing runnable is waiting either (a slow pickup is not idleness).
          checking = true;
          try {
            if (!(await hasRunnableJobs(queue.pool))) finish('inactive');
            else lastActivity = Date.now();
          } finally {
            checking = false;
          }
        }, 100);
        const finish = (why: JobLoopResult['reason']) => {
          clearInterval(timer);
          resolve(why);
        };
      });
      await worker.stop();
      return { durationMs: Date.now() - started, reason };
    } finally {
      await lockClient.query('select pg_advisory_unlock($1, hashtext($2))', [
        JOB_LOOP_LOCK_KEY,
        options.userId,
      ]);
    }
  } finally {
    lockClient.release();
  }
}

async function hasRunnableJobs(pool: pg.Pool): Promise<boolean> {
  const { rows: raw } = await pool.query(
    `select exists (select 1 from graphile_worker.jobs
       where run_at <= now() and locked_at is null and attempts < max_attempts) as waiting`,
  );
  const rows = parseRows(computedRow({ waiting: z.boolean() }), raw);
  return rows[0]?.waiting ?? false;
}
