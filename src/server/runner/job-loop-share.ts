// What the job loops of one process share (decision 017): one worker, started by the first loop and stopped
// when the last one ends, and one database session holding every loop's per-user advisory lock, taken when
// the first loop starts and given back to the pool when the last one ends. However many users or tabs run a
// loop, they hold the worker's connections (a LISTEN per runner, plus one per job running) and one more.

import type pg from 'pg';
import { z } from 'zod';
import { computedRow, parseRows } from '../db/raw-rows';
import { AppError } from '../leaves/app-error/app-error';
import { type RunningWorker, startWorker, type WorkerOptions } from './start-worker';

/** The queue as the app holds it: what a worker needs, so the job loop starts one exactly like the server's. */
export type QueueHandle = WorkerOptions;

/** The advisory lock's first key; the second is hashtext(user id). Tests look for it in pg_locks. */
export const JOB_LOOP_LOCK_KEY = 72_610_002;

export type LoopShare = {
  /** Users with a loop running in this process (the advisory lock is re-entrant within one session). */
  users: Set<string>;
  lockClient?: Promise<pg.PoolClient>;
  /** The lock session's queries, one after another (pg queues them too, but warns that it will stop). */
  lockQueries: Promise<unknown>;
  /** Loops using the worker; it stops when this drops to 0. */
  loops: number;
  worker?: Promise<RunningWorker>;
  /** The previous worker stopping: a new one starts only after it has let go. */
  stopping?: Promise<void>;
  /** Jobs the shared worker is running, and when one last started or finished. */
  running: number;
  lastActivity: number;
};

const shares = new WeakMap<QueueHandle, LoopShare>();

export function shareOf(queue: QueueHandle): LoopShare {
  let share = shares.get(queue);
  if (!share) {
    share = { users: new Set(), lockQueries: Promise.resolve(), loops: 0, running: 0, lastActivity: 0 };
    shares.set(queue, share);
  }
  return share;
}

/** Takes the user's loop lock (in this process and across processes), or throws already_running. */
export async function lockUser(share: LoopShare, pool: pg.Pool, userId: string): Promise<void> {
  if (share.users.has(userId)) throw new AppError('already_running', 'Your job loop is already running.');
  share.users.add(userId);
  try {
    const client = await lockClient(share, pool);
    const { rows: raw } = await inTurn(share, () =>
      client.query('select pg_try_advisory_lock($1, hashtext($2)) as locked', [JOB_LOOP_LOCK_KEY, userId]),
    );
    const rows = parseRows(computedRow({ locked: z.boolean() }), raw);
    if (!rows[0]?.locked) throw new AppError('already_running', 'Your job loop is already running.');
  } catch (error) {
    share.users.delete(userId);
    releaseLockClientIfUnused(share);
    throw error;
  }
}

export async function unlockUser(share: LoopShare, userId: string): Promise<void> {
  const client = share.lockClient;
  try {
    const session = await client;
    if (session) {
      await inTurn(share, () =>
        session.query('select pg_advisory_unlock($1, hashtext($2))', [JOB_LOOP_LOCK_KEY, userId]),
      );
    }
  } catch {
    // The session is gone, and its locks with it.
  }
  share.users.delete(userId);
  releaseLockClientIfUnused(share);
}

function inTurn<T>(share: LoopShare, query: () => Promise<T>): Promise<T> {
  const result = share.lockQueries.then(query);
  share.lockQueries = result.catch(() => {});
  return result;
}

function lockClient(share: LoopShare, pool: pg.Pool): Promise<pg.PoolClient> {
  if (!share.lockClient) {
    const connecting = pool.connect().then((client) => {
      // A lost session loses its locks: it is dropped, and the next loop opens another one.
      const onError = () => {
        if (share.lockClient === connecting) share.lockClient = undefined;
        giveBack(client, true);
      };
      client.once('error', onError);
      lockSessions.set(client, onError);
      return client;
    });
    connecting.catch(() => {
      if (share.lockClient === connecting) share.lockClient = undefined;
    });
    share.lockClient = connecting;
  }
  return share.lockClient;
}

/** Lock sessions not yet given back, with their error listener (removed on release: the pool reuses them). */
const lockSessions = new WeakMap<pg.PoolClient, () => void>();

function giveBack(client: pg.PoolClient, destroy = false): void {
  const onError = lockSessions.get(client);
  if (!onError) return;
  lockSessions.delete(client);
  client.off('error', onError);
  client.release(destroy);
}

function releaseLockClientIfUnused(share: LoopShare): void {
  if (share.users.size > 0 || !share.lockClient) return;
  const client = share.lockClient;
  share.lockClient = undefined;
  client.then(
    (c) => giveBack(c),
    () => {},
  );
}

/** Starts the shared worker if no loop runs it yet. */
export async function joinWorker(share: LoopShare, queue: QueueHandle): Promise<void> {
  share.loops += 1;
  try {
    await share.stopping;
    share.worker ??= startWorker(queue).then(
      (worker) => {
        worker.events.on('job:start', () => {
          share.running += 1;
          share.lastActivity = Date.now();
        });
        worker.events.on('job:complete', () => {
          share.running = Math.max(0, share.running - 1);
          share.lastActivity = Date.now();
        });
        return worker;
      },
      (error: unknown) => {
        share.worker = undefined;
        throw error;
      },
    );
    await share.worker;
  } catch (error) {
    share.loops -= 1;
    throw error;
  }
}

/** The last loop out stops the worker, and waits for it as a loop with a worker of its own did. */
export async function leaveWorker(share: LoopShare): Promise<void> {
  share.loops -= 1;
  if (share.loops > 0 || !share.worker) return;
  const worker = share.worker;
  share.worker = undefined;
  share.running = 0;
  const stopping = worker.then((w) => w.stop()).catch(() => {});
  share.stopping = stopping;
  await stopping;
}
