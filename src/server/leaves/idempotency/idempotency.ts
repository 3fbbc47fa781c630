// Idempotency-Key: a creating call sent twice with the same key and body within 24 hours answers
// as the first and creates nothing new; the same key with another body is 409. The first call holds the key
// (a row with no answer yet) while it runs, so a concurrent repeat is told to wait rather than run twice.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { AppError } from '../app-error/app-error';

export const IDEMPOTENCY_WINDOW_HOURS = 24;
const MAX_KEY_LENGTH = 255;
/** A first call still without an answer after this long was cut off (a crash), and is not waited for. */
const ABANDONED_AFTER_MINUTES = 10;

export type IdempotencySlot = { userId: string; functionName: string; key: string };

/** SHA-256 of the JSON with its object keys sorted, so key order does not make two bodies differ. */
export function hashRequestBody(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(sortKeys(body)))
    .digest('hex');
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function checkIdempotencyKey(key: string): string {
  const trimmed = key.trim();
  if (!trimmed || trimmed.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(trimmed)) {
    throw new AppError(
      'bad_input',
      `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters (a UUID, say).`,
    );
  }
  return trimmed;
}

/**
 * Claims the key for this call. Answers the stored response when the same body came before, and undefined
 * when this call is the first and should run (then `remember` or `release` it).
 */
export async function claimIdempotencyKey(
  db: Queryable,
  slot: IdempotencySlot,
  requestHash: string,
): Promise<{ response: unknown } | undefined> {
  const where = and(
    eq(idempotencyKeys.userId, slot.userId),
    eq(idempotencyKeys.functionName, slot.functionName),
    eq(idempotencyKeys.key, slot.key),
  );
  // A key older than the window is free again; so is one whose first call never finished (its process died).
  await db.delete(idempotencyKeys).where(
    and(
      where,
      sql`(${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})
          or (${idempotencyKeys.response} is null
              and ${idempotencyKeys.createdAt} < now() - make_interval(mins => ${ABANDONED_AFTER_MINUTES})))`,
    ),
  );
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ ...slot, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return undefined;
  const [held] = await db
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(where);
  // Released between our insert and select: the first call failed; let the caller try again.
  if (!held)
    throw new AppError('conflict', 'The first request with this Idempotency-Key failed; send it again.');
  if (held.requestHash !== requestHash) {
    throw new AppError(
      'conflict',
      'This Idempotency-Key was used with a different request body in the last 24 hours; use a new key.',
    );
  }
  if (held.response === null) {
    throw new AppError(
      'conflict',
      'A request with this Idempotency-Key is still running; try again shortly.',
    );
  }
  return { response: held.response };
}

export async function rememberIdempotentAnswer(
  db: Queryable,
  slot: IdempotencySlot,
  response: unknown,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ response })
    .where(
      and(
        eq(idempotencyKeys.userId, slot.userId),
        eq(idempotencyKeys.functionName, slot.functionName),
        eq(idempotencyKeys.key, slot.key),
      ),
    );
}

/** The first call failed: nothing was created, so the key may be used again. */
export async function releaseIdempotencyKey(db: Queryable, slot: IdempotencySlot): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, slot.userId),
        eq(idempotencyKeys.functionName, slot.functionName),
        eq(idempotencyKeys.key, slot.key),
        sql`${idempotencyKeys.response} is null`,
      ),
    );
}
