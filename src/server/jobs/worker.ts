// The graphile-worker runner: in the server process by default, or alone via `npm run worker`.
import { Logger, type Runner, run, type TaskList } from 'graphile-worker';
import type pg from 'pg';

export type WorkerOptions = { pool: pg.Pool; concurrency: number; taskList: TaskList };

/** graphile-worker's info lines (connected, cron disabled…) are noise here; warnings and errors are kept. */
const workerLogger = new Logger((scope) => (level, message, meta) => {
  if (level === 'error' || level === 'warning') {
    const where = scope.taskIdentifier
      ? ` [${scope.taskIdentifier}${scope.jobId ? ` #${scope.jobId}` : ''}]`
      : '';
    console[level === 'error' ? 'error' : 'warn'](`worker${where}: ${message}`, meta?.error ?? '');
  }
});

export async function startWorker({ pool, concurrency, taskList }: WorkerOptions): Promise<Runner> {
  return run({
    pgPool: pool,
    concurrency,
    taskList,
    crontab: '',
    logger: workerLogger,
    noHandleSignals: true,
    pollInterval: 1_000,
    // Jobs still running this long after shutdown starts are aborted and released for another worker.
    gracefulShutdownAbortTimeout: 10_000,
  });
}
