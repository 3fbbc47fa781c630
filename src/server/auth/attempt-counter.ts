// The failure count behind a lockout, taken before the guess is checked (issue 20): taking an attempt counts
// it as a failure at once, under a lock on its key, so N guesses sent at the same moment count as N and the
// sixth finds the account locked whatever the first five turn out to be. The outcome then settles it: a
// failure stays counted, a success clears the count, anything else (a malformed request, an unconfirmed
// address) gives the attempt back. The count lives in better-auth's verification table (a key, a value, an
// expiry), which needs no migration.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import { verification } from '../db/schema';

export const FREE_FAILURES = 5;
const FIRST_DELAY_SECONDS = 30;
const MAX_DELAY_SECONDS = 15 * 60;
/** A run of failures is forgotten a day after the last one. */
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

type Failures = { failures: number; lockedUntil: number };

/** The wait after the nth failure: none for the first five, then 30 s, 60 s, 120 s… up to 15 minutes. */
export function lockoutSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (failures - FREE_FAILURES));
}

/** Counts one attempt on `key` unless it is locked; locked, it answers the seconds left and counts nothing. */
export async function takeAttempt(
  db: Database,
  key: string,
): Promise<{ taken: true } | { taken: false; waitSeconds: number }> {
  return withKeyLocked(db, key, async (tx, row) => {
    const state = current(row);
    const waitSeconds = Math.ceil((state.lockedUntil - Date.now()) / 1000);
    if (waitSeconds > 0) return { taken: false, waitSeconds };
    const failures = state.failures + 1;
    await write(tx, key, row, { failures, lockedUntil: Date.now() + lockoutSeconds(failures) * 1000 });
    return { taken: true };
  });
}

/** Gives back an attempt that turned out to be no guess: the count goes down by one, and the wait with it. */
export async function giveBackAttempt(db: Database, key: string): Promise<void> {
  await withKeyLocked(db, key, async (tx, row) => {
    if (!row) return;
    const state = current(row);
    const failures = Math.max(0, state.failures - 1);
    await write(tx, key, row, {
      failures,
      lockedUntil: failures >= FREE_FAILURES ? state.lockedUntil : 0,
    });
  });
}

/** A right guess: the count starts again. */
export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(verification).where(eq(verification.identifier, key));
}

type Row = { id: string; value: string; expiresAt: Date };

const current = (row: Row | undefined): Failures =>
  row && row.expiresAt > new Date() ? (JSON.parse(row.value) as Failures) : { failures: 0, lockedUntil: 0 };

function withKeyLocked<T>(
  db: Database,
  key: string,
  work: (tx: Queryable, row: Row | undefined) => Promise<T>,
) {
  return db.transaction(async (tx) => {
    // identifier is not unique: a lock on the key makes every take, give-back and first insert one at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const [row] = await tx
      .select({ id: verification.id, value: verification.value, expiresAt: verification.expiresAt })
      .from(verification)
      .where(eq(verification.identifier, key));
    return work(tx, row);
  });
}

async function write(tx: Queryable, key: string, row: Row | undefined, state: Failures): Promise<void> {
  const value = JSON.stringify(state);
  const expiresAt = new Date(Date.now() + FORGET_AFTER_SECONDS * 1000);
  if (row) await tx.update(verification).set({ value, expiresAt }).where(eq(verification.id, row.id));
  else await tx.insert(verification).values({ id: randomUUID(), identifier: key, value, expiresAt });
}
