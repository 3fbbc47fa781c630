// Is the database there? For readiness probes, and for telling "the database is away" (503, try again)
// from a bug (500).
import type pg from 'pg';
import { z } from 'zod';
import journal from './migrations/meta/_journal.json' with { type: 'json' };
import { computedRow, parseRows } from './raw-rows';

/**
 * SQLSTATE classes and codes, and socket errors, that mean the server is unreachable, restarting or out of
 * connections: nothing is wrong with the request, and the same call will work once the server is back.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The answer while the database is away: `unavailable` (503) says to try again, so clients retry. */
export const DATABASE_UNAVAILABLE = {
  error: {
    type: 'unavailable',
    message:
      'The database is not reachable right now. Copyloom keeps trying to reconnect; try again in a moment.',
  },
} as const;

export type Readiness = { ready: true } | { ready: false; reason: string };

/** Reachable, and every migration this build ships has been applied. */
export async function checkReadiness(pool: pg.Pool): Promise<Readiness> {
  try {
    const { rows: raw } = await pool.query(
      'select count(*)::int as applied from drizzle.__drizzle_migrations',
    );
    const rows = parseRows(computedRow({ applied: z.number() }), raw);
    const applied = rows[0]?.applied ?? 0;
    const shipped = journal.entries.length;
    if (applied < shipped) return { ready: false, reason: `${applied} of ${shipped} migrations applied` };
    return { ready: true };
  } catch (error) {
    return {
      ready: false,
      reason: isDatabaseUnavailable(error)
        ? 'the database is not reachable'
        : 'the database did not answer as expected',
    };
  }
}
