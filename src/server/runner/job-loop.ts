// job-queue-event-loop: runs the job queue inside the request for up to exit_after_seconds, through the same
// claim path as every other worker. One loop at a time per user: that user's second call gets already_running,
// and another user's loop is not held up by it.
//
// Every loop in this process shares one worker and one lock connection (job-loop-share.ts, decision 017):
// a loop per user or tab used to start a worker of its own, each holding a lock connection and a LISTEN
// connection per runner, and a few dozen of them took every connection of the pool, so requests and the loops'
// own jobs waited for one and failed. Now N loops hold a constant handful of connections.
import type pg from 'pg';
import { z } from 'zod';
import { computedRow, parseRows } from '../db/raw-rows';
import { joinWorker, leaveWorker, lockUser, type QueueHandle, shareOf, unlockUser } from './job-loop-share';

export type JobLoopOptions = {
  /** The caller: the lock is theirs, so nobody can keep another user's loop from starting. */
  userId: string;
  exitAfterSeconds: number;
  exitAfterInactiveSeconds?: number;
  signal?: AbortSignal;
};
export type JobLoopResult = { durationMs: number; reason: 'time_limit' | 'inactive' | 'client_gone' };

export async function runJobLoop(queue: QueueHandle, options: JobLoopOptions): Promise<JobLoopResult> {
  const started = Date.now();
  const share = shareOf(queue);
  await lockUser(share, queue.pool, options.userId);
  try {
    await joinWorker(share, queue);
    try {
      const reason = await new Promise<JobLoopResult['reason']>((resolve) => {
        let checking = false;
        const timer = setInterval(async () => {
          const now = Date.now();
          if (options.signal?.aborted) return finish('client_gone');
          if (now - started >= options.exitAfterSeconds * 1000) return finish('time_limit');
          const idleFor = options.exitAfterInactiveSeconds;
          // The shared worker's activity counts from when this loop started, not before.
          const lastActivity = Math.max(started, share.lastActivity);
          if (idleFor === undefined || checking || share.running > 0 || now - lastActivity < idleFor * 1000)
            return;
          // Quiet for long enough: inactive only if nothing runnable is waiting either (a slow pickup is not idleness).
          checking = true;
          try {
            if (!(await hasRunnableJobs(queue.pool))) finish('inactive');
            else share.lastActivity = Date.now();
          } catch {
            // The database is away: not idle, try again on the next tick.
          } finally {
            checking = false;
          }
        }, 100);
        const finish = (why: JobLoopResult['reason']) => {
          clearInterval(timer);
          resolve(why);
        };
      });
      return { durationMs: Date.now() - started, reason };
    } finally {
      await leaveWorker(share);
    }
  } finally {
    await unlockUser(share, options.userId);
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
