// view-bundle-workflow: a run's products with their copy and images, and the run's totals. It is polled
// every 5 seconds, so an unchanged run is recognised from a fingerprint query and answered with 304. The
// statements are in run-query.ts, the ETag and the since cursor in run-cursor.ts, the answer's shape in
// run-shape.ts; this file puts them together.
import { sql } from 'drizzle-orm';
import { type FunctionResponse, VIEW_RUN_LIMITS } from '../../../common/contract/functions';
import type { Database, Queryable } from '../../db/client';
import { bundleSpendOf, CAP_PAUSE_PREFIX, capReachedMessage } from '../../leaves/spending-cap/spending-cap';
import { readRunBatches } from '../batch/run-batches';
import { changedSince, cursorOf, etagOf, readOldestWriter } from './run-cursor';
import { runEstimate } from './run-estimate';
import { missingRun, type RunKey, runHeadSql, runProductsSql, totalsSql } from './run-query';
import { type ProductRow, type RunHead, shapeAnswer, type TotalsRow } from './run-shape';

export type RunView = { etag: string; body?: FunctionResponse<'view-bundle-workflow'> };

export type RunViewRequest = RunKey & {
  limit?: number;
  offset?: number;
  since?: string;
  ifNoneMatch?: string;
};

/**
 * The run as the view shows it: a page of its products (by id), or with `since` only the products changed
 * after that cursor; without a body when the caller's ETag still matches. An unchanged poll costs one indexed
 * statement. A changed one is one statement too, so the head, the totals and the products come from one
 * snapshot: read apart, a product saved in between would show every product settled while the totals still
 * count one short, and the client, seeing the run complete, would stop polling at "11 of 12 done" for good.
 */
export async function viewRun(db: Database, request: RunViewRequest): Promise<RunView> {
  const limit = request.limit ?? VIEW_RUN_LIMITS.defaultLimit;
  const offset = request.since === undefined ? (request.offset ?? 0) : 0;
  if (request.ifNoneMatch) {
    const { rows } = await db.execute<RunHead>(runHeadSql(request));
    const head = rows[0] ?? (await missingRun(db, request));
    const etag = etagOf(head, limit, offset);
    if (etag === request.ifNoneMatch) return { etag };
  }

  // Read before the view's statement takes its snapshot (see the cursor, in run-cursor.ts).
  const oldestWriter = await readOldestWriter(db);
  // The estimate and the batches are read in the statement's snapshot too: read after it, the header could say
  // "12 of 300 done" beside an estimate measured on 16 finished products.
  return db.transaction((tx) => readRunView(tx, request, { limit, offset, oldestWriter }), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function readRunView(
  tx: Queryable,
  request: RunViewRequest,
  { limit, offset, oldestWriter }: { limit: number; offset: number; oldestWriter: string },
): Promise<RunView> {
  const run = sql`(select bundle_workflow_id from head)`;
  const products =
    request.since === undefined
      ? runProductsSql(run, sql``, sql`order by p.id limit ${limit} offset ${offset}`)
      : runProductsSql(run, changedSince(request.since), sql`order by p.id limit ${limit + 1}`);
  const { rows } = await tx.execute<{
    head: RunHead | null;
    totals: TotalsRow | null;
    products: ProductRow[] | null;
  }>(sql`
    with head as (${runHeadSql(request)}),
    page as (${products})
    select (select row_to_json(head) from head) as head,
           (select row_to_json(t) from (${totalsSql(run)}) t) as totals,
           (select json_agg(page order by page.id) from page) as products`);
  const { head, totals, products: productRows } = rows[0]!;
  if (!head || !totals) return missingRun(tx, request);
  head.paused_reason = await currentPauseReason(tx, head, request.bundleId);
  return {
    etag: etagOf(head, limit, offset),
    body: shapeAnswer(
      { head, totals, products: productRows },
      { since: request.since !== undefined, limit, offset },
      {
        cursor: cursorOf(head, oldestWriter),
        batches: await readRunBatches(tx, head.bundle_workflow_id),
        estimate: await runEstimate(tx, request.ownerId, head.bundle_workflow_id),
      },
    ),
  };
}

/**
 * A cap's pause message with the spend as it is now, so that it shows the figure the run header and the log show
 * (calls in flight when it paused settle after it), reserved-but-unsettled calls named as such.
 */
async function currentPauseReason(
  db: Queryable,
  head: Pick<RunHead, 'paused_reason' | 'spending_cap_usd'>,
  bundleId: number,
): Promise<string | null> {
  if (!head.paused_reason?.startsWith(CAP_PAUSE_PREFIX) || head.spending_cap_usd === null)
    return head.paused_reason;
  const next = /next call could cost up to \$([\d.]+)/.exec(head.paused_reason)?.[1];
  return capReachedMessage(
    Number(head.spending_cap_usd),
    await bundleSpendOf(db, bundleId),
    next === undefined ? undefined : Number(next),
  );
}
