// A bundle's spending cap: a call is sent only when its worst case still fits under the cap, so the cap holds
// within one call's difference between reserved and actual; a run that hits it pauses with a clear message,
// and raising or removing the cap resumes it (bundles/set-spending-cap.ts). See docs/decisions/ on the cap.

import { and, eq, sql } from 'drizzle-orm';
import { UNKNOWN_PRICE_CAP_RATE } from '../ai/pricing';
import type { Database, Queryable } from '../db/client';
import { bundles, bundleWorkflows, logs } from '../db/schema';
import { type LogEntry, logGeneral } from '../run-log/run-log';
import { emitRunPaused } from '../webhook-events/run-events';

/**
 * What every run of the bundle has cost so far, in USD, as the cap counts it: settled calls at their cost,
 * started ones at their reserved cost, and calls whose price is unknown (cost null) by their tokens at the
 * dearest known price (UNKNOWN_PRICE_CAP_RATE), since a cap cannot count them as free.
 */
export async function bundleSpend(db: Queryable, bundleId: number): Promise<number> {
  const { rows } = await db.execute<{ spent: number }>(sql`
    select coalesce(sum(coalesce(l.cost,
      (l.prompt_tokens * ${UNKNOWN_PRICE_CAP_RATE.inputPerMillion}::float8
        + l.completion_tokens * ${UNKNOWN_PRICE_CAP_RATE.outputPerMillion}::float8) / 1e6)), 0)::float8 as spent
    from logs l join bundle_workflows bw on bw.id = l.bundle_workflow_id
    where bw.bundle_id = ${bundleId} and l.type = 'ai'`);
  return Number(rows[0]?.spent ?? 0);
}

/** Dollars as a person reads them: cents for whole-cent amounts, more places for a small cap ($0.004). */
export function formatUsd(amount: number): string {
  return amount >= 0.01 && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-9
    ? amount.toFixed(2)
    : amount.toFixed(4);
}

export function capReachedMessage(cap: number, spent: number, nextCallUsd?: number): string {
  const next =
    nextCallUsd === undefined || spent >= cap
      ? ''
      : ` The next call could cost up to $${formatUsd(nextCallUsd)}, which would pass it.`;
  return `Paused: this bundle reached its spending cap of $${formatUsd(cap)} ($${formatUsd(spent)} spent).${next} Raise or remove the cap to continue.`;
}

/** The pause message when the bundle's spend has reached its cap, else null. */
export async function spendingCapReached(db: Queryable, bundleId: number): Promise<string | null> {
  const [bundle] = await db
    .select({ cap: bundles.spendingCapUsd })
    .from(bundles)
    .where(eq(bundles.id, bundleId));
  if (!bundle || bundle.cap === null) return null;
  const spent = await bundleSpend(db, bundleId);
  return spent >= bundle.cap ? capReachedMessage(bundle.cap, spent) : null;
}

export type Reserved = { logId: number } | { refused: string };

/**
 * A call's reservation: its 'started' line and its worst-case cost. `isPrecise` asks for the exact token count
 * (a cap is set and must hold); without a cap a quick estimate is enough, since tokenizing every prompt costs
 * more CPU than the rest of a call's bookkeeping (bench/throughput).
 */
export type Reservation = (isPrecise: boolean) => { started: LogEntry; worstUsd: number };

/**
 * Reserves a call before it is sent: in one transaction that locks the bundle row (so concurrent calls of
 * the bundle reserve one after another), refuses when spent + this call's worst case could pass the cap, else
 * writes the call's 'started' line, which counts at its reserved cost until it is settled. `isCapKnownUnset`
 * skips the lock when the caller has just read that the bundle has no cap.
 */
export async function reserveCall(
  db: Database,
  bundleId: number,
  reservation: Reservation,
  isCapKnownUnset: boolean,
): Promise<Reserved> {
  if (isCapKnownUnset) {
    const [row] = await db.insert(logs).values(reservation(false).started).returning({ id: logs.id });
    return { logId: row!.id };
  }
  return db.transaction(async (tx) => {
    const [bundle] = await tx
      .select({ cap: bundles.spendingCapUsd })
      .from(bundles)
      .where(eq(bundles.id, bundleId))
      .for('update');
    const hasCap = bundle !== undefined && bundle.cap !== null;
    const { started, worstUsd } = reservation(hasCap);
    if (hasCap) {
      const spent = await bundleSpend(tx, bundleId);
      if (spent + worstUsd > bundle.cap!) return { refused: capReachedMessage(bundle.cap!, spent, worstUsd) };
    }
    const [row] = await tx.insert(logs).values(started).returning({ id: logs.id });
    return { logId: row!.id };
  });
}

/** Pauses a run: it keeps its queued products, shows the reason, and takes no more provider calls. */
export async function pauseRun(db: Queryable, bundleWorkflowId: number, reason: string): Promise<void> {
  const paused = await db
    .update(bundleWorkflows)
    .set({ pausedReason: reason })
    .where(and(eq(bundleWorkflows.id, bundleWorkflowId), sql`${bundleWorkflows.pausedReason} is null`))
    .returning({ id: bundleWorkflows.id });
  if (paused.length === 0) return;
  await logGeneral(db, { bundleWorkflowId, productId: null }, 'Run paused', { reason });
  await emitRunPaused(db, bundleWorkflowId, reason);
}
