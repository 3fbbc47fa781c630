// Per-account lockout, on top of the per-address rate limit: an attacker who spreads guesses over many
// addresses still gets FREE_FAILURES wrong passwords per account, then a wait that doubles with each further
// failure. It is keyed on the address typed, whether or not an account exists, so it reveals nothing.
// The count lives in better-auth's verification table (a key, a value, an expiry), which needs no migration.
import { randomUUID } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { verification } from '../db/schema';

const SIGN_IN_PATH = '/sign-in/email';
const FREE_FAILURES = 5;
const FIRST_DELAY_SECONDS = 30;
const MAX_DELAY_SECONDS = 15 * 60;
/** A run of failures is forgotten a day after the last one. */
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

type Failures = { failures: number; lockedUntil: number };

export const lockoutKey = (email: string) => `sign-in-lockout:${email.trim().toLowerCase()}`;

/** The wait after the nth failure: none for the first five, then 30 s, 60 s, 120 s… up to 15 minutes. */
export function lockoutSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (failures - FREE_FAILURES));
}

export function accountLockout(db: Database): BetterAuthPlugin {
  return {
    id: 'account-lockout',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === SIGN_IN_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email !== 'string') return;
            const state = await readFailures(db, lockoutKey(email));
            const waitSeconds = Math.ceil(((state?.lockedUntil ?? 0) - Date.now()) / 1000);
            if (waitSeconds > 0) {
              throw new APIError('TOO_MANY_REQUESTS', {
                code: 'ACCOUNT_LOCKED',
                message: `Too many wrong passwords for this account. Try again in ${formatWait(waitSeconds)}, or reset your password.`,
              });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === SIGN_IN_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email !== 'string') return;
            const returned = ctx.context.returned;
            const status = returned instanceof APIError ? returned.statusCode : undefined;
            if (status === 401) await recordFailure(db, lockoutKey(email));
            else if (returned && !(returned instanceof Error)) await clearFailures(db, lockoutKey(email));
          }),
        },
      ],
    },
  };
}

async function readFailures(db: Database, key: string): Promise<Failures | undefined> {
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, key), gt(verification.expiresAt, sql`now()`)));
  return row ? (JSON.parse(row.value) as Failures) : undefined;
}

async function recordFailure(db: Database, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    // identifier is not unique: a lock on the key keeps two failures at once from making two rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const [row] = await tx
      .select({ id: verification.id, value: verification.value, expiresAt: verification.expiresAt })
      .from(verification)
      .where(eq(verification.identifier, key));
    const previous = row && row.expiresAt > new Date() ? (JSON.parse(row.value) as Failures).failures : 0;
    const failures = previous + 1;
    const value = JSON.stringify({ failures, lockedUntil: Date.now() + lockoutSeconds(failures) * 1000 });
    const expiresAt = new Date(Date.now() + FORGET_AFTER_SECONDS * 1000);
    if (row) await tx.update(verification).set({ value, expiresAt }).where(eq(verification.id, row.id));
    else await tx.insert(verification).values({ id: randomUUID(), identifier: key, value, expiresAt });
  });
}

async function clearFailures(db: Database, key: string): Promise<void> {
  await db.delete(verification).where(eq(verification.identifier, key));
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
