// The graphile-worker runner: in the server process by default, or alone via `npm run worker`.
import { type Runner, run, type TaskList } from 'graphile-worker';
import type pg from 'pg';

export type WorkerOptions = { pool: pg.Pool; concurrency: number; taskList: TaskList };

export async function startWorker({ pool, concurrency, taskList }: WorkerOptions): Promise<Runner> {
  return run({
    pgPool: pool,
    concurrency,
    taskList,
    noHandleSignals: true,
    pollInterval: 1_000,
    // Jobs still running this long after shutdown starts are aborted and released for another worker.
    gracefulShutdownAbortTimeout: 10_000,
  });
}
