// The graphile-worker runner: in the server process by default, or alone via `npm run worker`.
// - Each runner beats a heartbeat; runners whose heartbeat stops (SIGKILL, power loss) are force-unlocked by
//   the survivors, so their jobs run again within about a minute instead of graphile-worker's four hours.
// - A runner that dies because the database went away (graphile-worker gives up on a job it cannot release)
//   is started again once the database answers, and the jobs it held are unlocked at once: they are ours, and
//   we know they stopped.
// - A job this process still holds but no longer runs (its result could not be written while the database was
//   away, and graphile-worker gave up on releasing it) is released, so it runs again instead of staying locked
//   for four hours. Tasks skip work already done, so a job whose result did land is not done twice.
import { EventEmitter } from 'node:events';
import { type Runner, run, type TaskList, type WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import { z } from 'zod';
import { computedRow, parseRows, rowOf } from '../db/raw-rows';
import { workerHeartbeats } from '../db/schema';
import { type Logger, silentLogger } from '../leaves/logger/logger';
import { workerLogger } from './worker-logger';
import { type PoolSizes, planPools } from './worker-pools';

export type WorkerOptions = PoolSizes & {
  pool: pg.Pool;
  concurrency: number;
  taskList: TaskList;
  log?: Logger;
  /** How often to beat and to look for dead workers. */
  heartbeatMs?: number;
  /** A worker silent for this long is taken for dead. */
  deadAfterMs?: number;
};

export type RunningWorker = {
  /** graphile-worker's events, from whichever runner is current (the emitter outlives restarts). */
  events: WorkerEvents;
  /** The ids this process locks jobs with (graphile-worker's pool ids), as beaten in worker_heartbeats. */
  workerIds: ReadonlySet<string>;
  stop: () => Promise<void>;
};

/**
 * How often a runner beats, and how long a silent one lives: the same for the server's runner, `npm run
 * worker` and the job loop, so that no live worker's jobs are taken over (and paid for twice).
 */
export function workerTimings(config: { WORKER_DEAD_AFTER_SECONDS: number }) {
  const deadAfterMs = config.WORKER_DEAD_AFTER_SECONDS * 1000;
  return { deadAfterMs, heartbeatMs: Math.min(5_000, deadAfterMs / 4) };
}

/** The first restart waits this long, doubling to RESTART_MAX_MS while the database stays away. */
const RESTART_FIRST_MS = 500;
const RESTART_MAX_MS = 10_000;

/**
 * Starts the worker: one graphile-worker runner per pool (worker-pools.ts: generation, and images, webhooks
 * and stores where their sizes are set), each supervised on its own, their events on one emitter.
 */
export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const pools = planPools(options.taskList, options.concurrency, options);
  if (pools.length === 1) return startPool(options);
  const events: WorkerEvents = new EventEmitter();
  const started: RunningWorker[] = [];
  try {
    for (const { taskList, concurrency } of pools) {
      started.push(await startPool({ ...options, taskList, concurrency }, events));
    }
  } catch (error) {
    await Promise.all(started.map((worker) => worker.stop()));
    throw error;
  }
  const workerIds = new Set<string>();
  const refresh = () => {
    workerIds.clear();
    for (const worker of started) for (const id of worker.workerIds) workerIds.add(id);
  };
  events.on('pool:create', () => queueMicrotask(refresh));
  events.on('pool:release', () => queueMicrotask(refresh));
  refresh();
  return {
    events,
    get workerIds() {
      refresh();
      return workerIds;
    },
    stop: async () => {
      await Promise.all(started.map((worker) => worker.stop()));
    },
  };
}

/** Events that reach the shared emitter as well as the pool's own (the pool's own tracks only its ids). */
class ForwardingEmitter extends EventEmitter {
  constructor(private readonly also: EventEmitter | undefined) {
    super();
  }
  override emit(name: string | symbol, ...args: unknown[]): boolean {
    this.also?.emit(name, ...args);
    return super.emit(name, ...args);
  }
}

async function startPool(options: WorkerOptions, forwardTo?: WorkerEvents): Promise<RunningWorker> {
  const {
    pool,
    concurrency,
    taskList,
    log = silentLogger,
    heartbeatMs = 5_000,
    deadAfterMs = 30_000,
  } = options;
  const { events, workerIds, runningJobIds } = trackPoolEvents(forwardTo);
  const logger = workerLogger(log);
  const startRunner = () =>
    run({
      pgPool: pool,
      concurrency,
      taskList,
      crontab: '',
      logger,
      events,
      noHandleSignals: true,
      pollInterval: 1_000,
      // Jobs still running this long after shutdown starts are aborted and released for another worker.
      gracefulShutdownAbortTimeout: 10_000,
    });

  const state: PoolState = { runner: await startRunner(), isStopping: false, restarting: undefined };
  superviseRunner({ state, pool, log, workerIds, startRunner }, state.runner);

  const beat = async () => {
    if (workerIds.size > 0) {
      await beatHeartbeat(pool, [...workerIds]);
      const released = await releaseOrphanedJobs(pool, [...workerIds], runningJobIds, deadAfterMs);
      if (released.length > 0)
        log.warn({ jobs: released }, 'Released jobs this worker held but no longer ran');
    }
    await unlockDeadWorkers(pool, deadAfterMs);
  };
  await beat().catch(() => {});
  const timer = setInterval(() => {
    beat().catch((error) => log.warn({ err: error }, 'worker heartbeat failed'));
  }, heartbeatMs);
  timer.unref();

  return {
    events,
    workerIds,
    stop: async () => {
      state.isStopping = true;
      clearInterval(timer);
      await stopPool(pool, state, workerIds);
    },
  };
}

/**
 * The pool's emitter and what it tracks from it. graphile-worker 0.17 locks jobs with its worker pool's id
 * (`locked_by = 'pool-…'`), not with each worker's id, so the pool id is what beats and what
 * force_unlock_workers must be given. The pool is created before run() resolves, so listening on
 * runner.events afterwards would miss it: the emitter goes in with the options instead.
 */
function trackPoolEvents(forwardTo: WorkerEvents | undefined) {
  const events: WorkerEvents = new ForwardingEmitter(forwardTo);
  const workerIds = new Set<string>();
  events.on('pool:create', ({ workerPool }) => {
    workerIds.add(workerPool.id);
  });
  events.on('pool:release', ({ workerPool }) => {
    workerIds.delete(workerPool.id);
  });
  const runningJobIds = new Set<string>();
  events.on('job:start', ({ job }) => {
    runningJobIds.add(String(job.id));
  });
  events.on('job:complete', ({ job }) => {
    runningJobIds.delete(String(job.id));
  });
  return { events, workerIds, runningJobIds };
}

/** The pool's current runner, whether it is being stopped, and the restart under way, if any. */
type PoolState = { runner: Runner; isStopping: boolean; restarting: Promise<void> | undefined };

type Supervision = {
  state: PoolState;
  pool: pg.Pool;
  log: Logger;
  workerIds: ReadonlySet<string>;
  startRunner: () => Promise<Runner>;
};

/** When the current runner ends without being stopped, starts another once the database answers. */
function superviseRunner(supervision: Supervision, current: Runner): void {
  const ownIds = [...supervision.workerIds];
  current.promise.then(
    () => onRunnerEnd(supervision, current, ownIds, undefined),
    (error: unknown) => onRunnerEnd(supervision, current, ownIds, error),
  );
}

function onRunnerEnd(supervision: Supervision, ended: Runner, ownIds: string[], error: unknown): void {
  const { state, log } = supervision;
  if (state.isStopping || ended !== state.runner) return;
  log.error(
    { err: error },
    'The job worker stopped unexpectedly; starting it again when the database answers',
  );
  state.restarting = restartRunner(supervision, ownIds);
}

/** The ended runner's jobs are ours and we know they stopped: unlocked at once, then a new runner started. */
async function restartRunner(supervision: Supervision, ownIds: string[]): Promise<void> {
  const { state, pool, log } = supervision;
  for (let attempt = 0; !state.isStopping; attempt++) {
    await sleep(Math.min(RESTART_FIRST_MS * 2 ** attempt, RESTART_MAX_MS));
    if (state.isStopping) return;
    try {
      await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [ownIds]);
      state.runner = await supervision.startRunner();
      superviseRunner(supervision, state.runner);
      log.info({ attempt: attempt + 1 }, 'The job worker is running again');
      return;
    } catch (restartError) {
      log.warn({ err: restartError, attempt: attempt + 1 }, 'The job worker could not start yet');
    }
  }
}

async function stopPool(pool: pg.Pool, state: PoolState, workerIds: ReadonlySet<string>): Promise<void> {
  await state.restarting;
  // Read after the restart under way, if any, has settled: its runner's pool is ours to unlock too.
  const ids = [...workerIds];
  await state.runner.stop().catch(() => {});
  // stop() resolves before the runner has let go of its LISTEN connection; wait for that too, so the
  // database is not closed under it.
  await state.runner.promise.catch(() => {});
  // Whatever our pools still lock once stopped (a job cut off at the shutdown deadline can be left locked,
  // and with it its named queue) runs no more here: unlock it now, or no heartbeat would be left to say so.
  await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [ids]).catch(() => {});
  await pool.query('delete from worker_heartbeats where worker_id = any($1::text[])', [ids]).catch(() => {});
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function beatHeartbeat(pool: pg.Pool, workerIds: string[]): Promise<void> {
  await pool.query(
    `insert into worker_heartbeats (worker_id, last_seen) select unnest($1::text[]), now()
     on conflict (worker_id) do update set last_seen = excluded.last_seen`,
    [workerIds],
  );
}

/**
 * Jobs locked by this process's pools for longer than `olderThanMs` that it is not running. The age keeps a
 * job that just finished, whose result graphile-worker is still writing, out of it.
 */
async function releaseOrphanedJobs(
  pool: pg.Pool,
  workerIds: string[],
  runningJobIds: ReadonlySet<string>,
  olderThanMs: number,
): Promise<string[]> {
  // A job in a named queue (an owner's image queue) holds its queue too: released together, or the queue
  // would stay locked by this live pool and its other jobs never run.
  const { rows: raw } = await pool.query(
    `with released as (
       update graphile_worker._private_jobs set locked_by = null, locked_at = null
       where locked_by = any($1::text[]) and locked_at < now() - make_interval(secs => $2::float8 / 1000)
         and not (id = any($3::bigint[]))
       returning id, job_queue_id),
     queues as (
       update graphile_worker._private_job_queues set locked_by = null, locked_at = null
       where id in (select job_queue_id from released) and locked_by = any($1::text[]))
     select id::text from released`,
    [workerIds, olderThanMs, [...runningJobIds]],
  );
  return parseRows(computedRow({ id: z.string() }), raw).map((row) => row.id);
}

export async function unlockDeadWorkers(pool: pg.Pool, deadAfterMs: number): Promise<string[]> {
  const { rows: raw } = await pool.query(
    `delete from worker_heartbeats where last_seen < now() - make_interval(secs => $1::float8 / 1000)
     returning worker_id`,
    [deadAfterMs],
  );
  const dead = parseRows(rowOf(workerHeartbeats, ['workerId']), raw).map((row) => row.workerId);
  if (dead.length > 0) await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [dead]);
  return dead;
}
