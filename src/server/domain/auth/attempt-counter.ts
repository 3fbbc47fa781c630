// The failure count behind a lockout, taken before the guess is checked: taking an attempt counts it as a
// failure at once, so N guesses sent at the same moment count as N and the sixth finds the account locked
// whatever the first five turn out to be. The outcome then settles it: a failure stays counted, a success
// clears the count, anything else (a malformed request, an unconfirmed address) gives the attempt back.
//
// Each take and each give-back is one statement on the key's row of sign_in_attempts, the lockout worked out
// in SQL from the row it updates, never a transaction that waits on a lock. The statements go through a
// KeyedQueue: those for one key run one after another, waiting in memory, not in PostgreSQL on the row's lock
// with a pooled connection held, and all of them together hold at most COUNTER_CONNECTIONS. A burst of
// guesses at one account therefore cannot fill the pool and hold up anyone else's requests.
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signInAttempts } from '../../db/schema';
import { KeyedQueue } from './keyed-queue';

/** A fifth of the server's default pool (20): the rest stays free for everything else during a burst. */
const COUNTER_CONNECTIONS = 4;

export const FREE_FAILURES = 5;
const FIRST_DELAY_SECONDS = 30;
const MAX_DELAY_SECONDS = 15 * 60;
/** A run of failures is forgotten a day after the last one. */
const FORGET_AFTER_SECONDS = 24 * 60 * 60;
/** 30 s × 2^10 is past the 15-minute ceiling already; a higher power would only risk overflow. */
const MAX_DOUBLINGS = 10;
/**
 * Every this many takes, rows forgotten for a day are deleted: their keys name addresses and accounts, which
 * are kept no longer than the lockout needs them. One in many takes keeps the cost off the sign-in path.
 */
const PURGE_EVERY_TAKES = 256;
/** The most expired rows one purge deletes, so that a purge after a long burst stays one short statement. */
const PURGE_BATCH = 1_000;
/** The queue key the purge runs under: no sign-in key has this form, so it waits on no guess. */
const PURGE_KEY = '\u0000purge';

/**
 * The wait after the nth failure, as an interval: none for the first five (the fifth locks for 30 s), then
 * 60 s, 120 s… up to 15 minutes.
 */
const lockoutAfter = (failures: SQL) => sql`make_interval(secs => case
  when ${failures} < ${FREE_FAILURES} then 0
  else least(${MAX_DELAY_SECONDS},
    ${FIRST_DELAY_SECONDS} * power(2, least(${failures} - ${FREE_FAILURES}, ${MAX_DOUBLINGS})))
end)`;

export type AttemptCounter = {
  /** Counts one attempt on `key` unless it is locked; locked, it answers the seconds left and counts nothing. */
  take: (key: string) => Promise<{ taken: true } | { taken: false; waitSeconds: number }>;
  /** Gives back an attempt that turned out to be no guess: the count goes down by one, and the wait with it. */
  giveBack: (key: string) => Promise<void>;
  /** A right guess: the count starts again. */
  clear: (key: string) => Promise<void>;
};

export function attemptCounter(db: Database, { purgeEveryTakes = PURGE_EVERY_TAKES } = {}): AttemptCounter {
  const queue = new KeyedQueue(COUNTER_CONNECTIONS);
  let takes = 0;
  const purgeNowAndThen = () => {
    if (++takes % purgeEveryTakes !== 0) return;
    // A failed purge costs nothing but a later one: the rows are already treated as forgotten.
    queue.run(PURGE_KEY, () => purgeForgotten(db)).catch(() => {});
  };
  return {
    take: (key) => {
      purgeNowAndThen();
      return queue.run(key, () => takeAttempt(db, key));
    },
    giveBack: (key) => queue.run(key, () => giveBackAttempt(db, key)),
    clear: (key) => queue.run(key, () => clearAttempts(db, key)),
  };
}

async function takeAttempt(
  db: Database,
  key: string,
): Promise<{ taken: true } | { taken: false; waitSeconds: number }> {
  // In DO UPDATE, `a` is the row as it stands once this statement holds its lock, so every case below reads
  // the count that the takes before it left; a run past its expiry starts again from nothing.
  const live = sql`a.expires_at > now()`;
  const locked = sql`(${live} and a.locked_until > now())`;
  const before = sql`(case when ${live} then a.failures else 0 end)`;
  const forget = sql`now() + make_interval(secs => ${FORGET_AFTER_SECONDS})`;
  const { rows } = await db.execute<{ was_refused: boolean; wait_seconds: number }>(sql`
    insert into sign_in_attempts as a (key, failures, locked_until, expires_at, was_refused)
    values (${key}, 1, now() + ${lockoutAfter(sql`1`)}, ${forget}, false)
    on conflict (key) do update set
      was_refused = ${locked},
      failures = case when ${locked} then a.failures else ${before} + 1 end,
      locked_until = case when ${locked} then a.locked_until else now() + ${lockoutAfter(sql`${before} + 1`)} end,
      expires_at = case when ${locked} then a.expires_at else ${forget} end
    returning was_refused, ceil(extract(epoch from locked_until - now()))::integer as wait_seconds`);
  const [row] = rows;
  if (!row) throw new Error(`No attempt row came back for ${key}`);
  return row.was_refused ? { taken: false, waitSeconds: row.wait_seconds } : { taken: true };
}

async function giveBackAttempt(db: Database, key: string): Promise<void> {
  await db.execute(sql`
    update sign_in_attempts as a set
      failures = greatest(0, a.failures - 1),
      locked_until = case when a.failures - 1 >= ${FREE_FAILURES} then a.locked_until else now() end
    where a.key = ${key} and a.expires_at > now()`);
}

async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.key, key));
}

/** Deletes rows whose run of failures is forgotten (expired); the next take would start them again anyway. */
export async function purgeForgotten(db: Database): Promise<number> {
  const { rows } = await db.execute<{ key: string }>(sql`
    delete from sign_in_attempts where key in (
      select key from sign_in_attempts where expires_at <= now() limit ${PURGE_BATCH})
    returning key`);
  return rows.length;
}
