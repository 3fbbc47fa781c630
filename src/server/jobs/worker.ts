// The graphile-worker runner: in the server process by default, or alone via `npm run worker`.
// Each runner beats a heartbeat; runners whose heartbeat stops (SIGKILL, power loss) are force-unlocked by
// the survivors, so their jobs run again within about a minute instead of graphile-worker's four hours.
import { EventEmitter } from 'node:events';
import { Logger, type Runner, run, type TaskList, type WorkerEvents } from 'graphile-worker';
import type pg from 'pg';

export type WorkerOptions = {
  pool: pg.Pool;
  concurrency: number;
  taskList: TaskList;
  /** How often to beat and to look for dead workers. */
  heartbeatMs?: number;
  /** A worker silent for this long is taken for dead. */
  deadAfterMs?: number;
};

export type RunningWorker = {
  runner: Runner;
  /** The ids this runner locks jobs with (graphile-worker's pool ids), as beaten in worker_heartbeats. */
  workerIds: ReadonlySet<string>;
  stop: () => Promise<void>;
};

/** graphile-worker's info lines (connected, cron disabled…) are noise here; warnings and errors are kept. */
const workerLogger = new Logger((scope) => (level, message, meta) => {
  if (level === 'error' || level === 'warning') {
    const where = scope.taskIdentifier
      ? ` [${scope.taskIdentifier}${scope.jobId ? ` #${scope.jobId}` : ''}]`
      : '';
    console[level === 'error' ? 'error' : 'warn'](`worker${where}: ${message}`, meta?.error ?? '');
  }
});

export async function startWorker({
  pool,
  concurrency,
  taskList,
  heartbeatMs = 5_000,
  deadAfterMs = 30_000,
}: WorkerOptions): Promise<RunningWorker> {
  // graphile-worker 0.17 locks jobs with its worker pool's id (`locked_by = 'pool-…'`), not with each
  // worker's id, so the pool id is what beats and what force_unlock_workers must be given. The pool is
  // created before run() resolves, so listening on runner.events afterwards would miss it: the emitter goes
  // in with the options instead.
  const events: WorkerEvents = new EventEmitter();
  const workerIds = new Set<string>();
  events.on('pool:create', ({ workerPool }) => {
    workerIds.add(workerPool.id);
  });
  events.on('pool:release', ({ workerPool }) => {
    workerIds.delete(workerPool.id);
  });
  const runner = await run({
    pgPool: pool,
    concurrency,
    taskList,
    crontab: '',
    logger: workerLogger,
    events,
    noHandleSignals: true,
    pollInterval: 1_000,
    // Jobs still running this long after shutdown starts are aborted and released for another worker.
    gracefulShutdownAbortTimeout: 10_000,
  });

  const beat = async () => {
    if (workerIds.size > 0) await beatHeartbeat(pool, [...workerIds]);
    await unlockDeadWorkers(pool, deadAfterMs);
  };
  await beat().catch(() => {});
  const timer = setInterval(() => {
    beat().catch((error) => console.warn('worker heartbeat failed:', (error as Error).message));
  }, heartbeatMs);
  timer.unref();

  return {
    runner,
    workerIds,
    stop: async () => {
      clearInterval(timer);
      const ids = [...workerIds];
      await runner.stop();
      // stop() resolves before the runner has let go of its LISTEN connection; wait for that too, so the
      // database is not closed under it.
      await runner.promise.catch(() => {});
      await pool
        .query('delete from worker_heartbeats where worker_id = any($1::text[])', [ids])
        .catch(() => {});
    },
  };
}

async function beatHeartbeat(pool: pg.Pool, workerIds: string[]): Promise<void> {
  await pool.query(
    `insert into worker_heartbeats (worker_id, last_seen) select unnest($1::text[]), now()
     on conflict (worker_id) do update set last_seen = excluded.last_seen`,
    [workerIds],
  );
}

export async function unlockDeadWorkers(pool: pg.Pool, deadAfterMs: number): Promise<string[]> {
  const { rows } = await pool.query<{ worker_id: string }>(
    `delete from worker_heartbeats where last_seen < now() - make_interval(secs => $1::float8 / 1000)
     returning worker_id`,
    [deadAfterMs],
  );
  const dead = rows.map((row) => row.worker_id);
  if (dead.length > 0) await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [dead]);
  return dead;
}
