// The view's change tracking: the ETag an unchanged poll is answered 304 against, and the `since` cursor a
// changed poll reads the changed products after.
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { computedRow, rawRows } from '../../db/raw-rows';
import { AppError } from '../../leaves/app-error/app-error';
import type { RunHead } from './run-shape';

export function etagOf(head: RunHead, limit: number, offset: number): string {
  // The pause and the cap are shown too, and the page asked for decides which products an answer holds. The
  // cursor is not part of it: a since poll of an unchanged run is answered 304 against the previous answer.
  const fingerprint = [
    head.bundle_workflow_id,
    head.run_version,
    head.max_version,
    head.last_log,
    head.paused_reason,
    head.spending_cap_usd,
    // The language is decided again when a big list's run is prepared, after the first answers.
    head.language,
    head.language_source,
    JSON.stringify(head.language_mix),
    JSON.stringify(head.store_import),
    limit,
    offset,
  ].join('|');
  return `"${createHash('sha1').update(fingerprint).digest('base64url')}"`;
}

/**
 * The cursor is "<version>.<xid>": the highest product version the answer's snapshot saw, and a transaction id
 * no newer than any transaction that could still commit a product row below that version. The version alone
 * would lose writes: a version is taken from the sequence when the row is written, not when it commits, so a
 * save that took version 100 and commits after a read that saw version 101 would sit below the cursor for
 * good. Such a row's transaction was writing to bundle_workflow_products when the read took its snapshot, so
 * it already held its lock on the table, or it started after the check: just before the statement, the view
 * takes the oldest transaction id among the holders of that lock (pg_locks), or else the next id to be
 * assigned. A since poll then returns the rows above the version and also the rows whose xmin (the writing
 * transaction) is not older than that id. (The snapshot's own xmin would do too, but it is held back by any
 * long transaction in the whole cluster, and every poll would then send everything written since.) The price:
 * a poll may send again a few rows written just before the previous one; the client merges them by id.
 */
const MAX_BIGINT = 2n ** 63n - 1n;

function parseCursor(since: string): { version: string; xmin32: string } {
  const [version, xmin] = since.split('.');
  // The contract's pattern lets any digits through; a version past bigint is no cursor this server gave.
  if (BigInt(version!) > MAX_BIGINT) {
    throw new AppError(
      'bad_input',
      'since is not a cursor from an earlier answer: its version is out of range.',
    );
  }
  // xmin is a 32-bit transaction id on rows; age() compares it with the cursor's 64-bit xmin wrap-safely, and
  // a frozen row counts as old.
  return { version: version!, xmin32: (BigInt(xmin!) % 4294967296n).toString() };
}

/** The products a since poll returns: above the cursor's version, or written by a transaction not older than its xid. */
export function changedSince(since: string): SQL {
  const cursor = parseCursor(since);
  return sql`and (p.version > ${cursor.version}::bigint or age(p.xmin) <= age(${cursor.xmin32}::text::xid))`;
}

/** The cursor's transaction id; read before the view's statement takes its snapshot (see above). */
const oldestRow = computedRow({ oldest: z.string() });

export async function readOldestWriter(db: Queryable): Promise<string> {
  const [row] = await rawRows(
    db,
    oldestRow,
    sql`
    select coalesce(
      (select a.backend_xid from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'relation' and l.relation = 'bundle_workflow_products'::regclass
         and l.database = (select oid from pg_database where datname = current_database())
         and l.granted and a.backend_xid is not null
       order by age(a.backend_xid) desc limit 1),
      (pg_snapshot_xmax(pg_current_snapshot())::text::bigint % 4294967296)::text::xid)::text as oldest`,
  );
  return row!.oldest;
}

/** The answer's cursor: the highest product version its snapshot saw, and the oldest writer read before it. */
export function cursorOf(head: RunHead, oldestWriter: string): string {
  return `${head.max_version ?? '0'}.${oldestWriter}`;
}
