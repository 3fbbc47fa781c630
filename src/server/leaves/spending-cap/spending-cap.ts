// A bundle's spending cap: a call is sent only when its worst case still fits under the cap, so the cap holds
// within one call's difference between reserved and actual; a run that hits it pauses with a clear message,
// and raising or removing the cap resumes it (bundles/set-spending-cap.ts). See docs/decisions/ on the cap.

import { and, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { bundles, bundleWorkflows, logs } from '../../db/schema';
import { type LogEntry, logGeneral } from '../run-log/run-log';
import { emitRunPaused } from '../webhook-events/run-events';
import { budgetColumns, budgetReachedMessage, leftThisMonth, limitsOf, passedLimit } from './month-limits';
import { describeSpent, lockUserBudget, userMonthlyBudget } from './monthly-budget';
import { formatUsd, type Spend, spendRow, sumSpendSql, toSpend } from './spend-sql';

export { formatUsd } from './spend-sql';

/**
 * What every run of the bundle has cost so far, in USD, as the cap counts it (spend-sql.ts), and of it what is
 * reserved for calls not yet settled.
 */
export async function bundleSpendOf(db: Queryable, bundleId: number): Promise<Spend> {
  const rows = await rawRows(
    db,
    spendRow,
    sumSpendSql(
      sql`logs l join bundle_workflows bw on bw.id = l.bundle_workflow_id`,
      sql`bw.bundle_id = ${bundleId}`,
    ),
  );
  return toSpend(rows[0]);
}

/** What every run of the bundle has cost so far, in USD, as the cap counts it. */
export async function bundleSpend(db: Queryable, bundleId: number): Promise<number> {
  return (await bundleSpendOf(db, bundleId)).spent;
}

/** The prefix of every cap pause message; view-run shows such a message with the current figures. */
export const CAP_PAUSE_PREFIX = 'Paused: this bundle reached its spending cap';

/**
 * The cap's pause message. The spent figure is the one the run header and the log show: settled calls at their
 * cost plus calls not yet settled at their reservation, which it names.
 */
export function capReachedMessage(cap: number, spend: Spend | number, nextCallUsd?: number): string {
  const figures = typeof spend === 'number' ? { spent: spend, reserved: 0 } : spend;
  const next =
    nextCallUsd === undefined || figures.spent >= cap
      ? ''
      : ` The next call could cost up to $${formatUsd(nextCallUsd)}, which would pass it.`;
  return `${CAP_PAUSE_PREFIX} of $${formatUsd(cap)} (${describeSpent(figures)}).${next} Raise or remove the cap to continue.`;
}

/** The pause message when the bundle's spend has reached its cap, else null. */
export async function spendingCapReached(db: Queryable, bundleId: number): Promise<string | null> {
  const [bundle] = await db
    .select({ cap: bundles.spendingCapUsd })
    .from(bundles)
    .where(eq(bundles.id, bundleId));
  if (!bundle || bundle.cap === null) return null;
  const spend = await bundleSpendOf(db, bundleId);
  return spend.spent >= bundle.cap ? capReachedMessage(bundle.cap, spend) : null;
}

/** The run's bundle, cap and budgets, locking the bundle's row when `lock` (reservations take turns on it). */
async function runLimits(db: Queryable, run: RunRef, lock: boolean) {
  const query = db
    .select({
      cap: bundles.spendingCapUsd,
      ownerId: bundles.ownerId,
      startedBy: bundleWorkflows.startedBy,
      ...budgetColumns(bundles.ownerId, bundleWorkflows.startedBy),
    })
    .from(bundles)
    .innerJoin(bundleWorkflows, eq(bundleWorkflows.bundleId, bundles.id))
    .where(and(eq(bundles.id, run.bundleId), eq(bundleWorkflows.id, run.bundleWorkflowId)));
  const [found] = lock ? await query.for('update', { of: bundles }) : await query;
  return found;
}

/** A run by its id and its bundle's. */
export type RunRef = { bundleId: number; bundleWorkflowId: number };

/**
 * What the run may still spend under its bundle's cap and the month's budgets (its workspace's and its
 * starter's), or null when none limits it.
 */
export async function remainingAllowance(db: Queryable, run: RunRef): Promise<number | null> {
  const found = await runLimits(db, run, false);
  if (!found) return 0;
  const left: number[] = [];
  if (found.cap !== null) left.push(found.cap - (await bundleSpend(db, run.bundleId)));
  const month = await leftThisMonth(db, found);
  if (month !== undefined) left.push(month);
  return left.length === 0 ? null : Math.max(0, Math.min(...left));
}

/** A refusal names the cap that refused it (null: the owner's monthly budget), so a raise can be told apart. */
export type Reserved = { logId: number } | { refused: string; cap: number | null };

/**
 * A call's reservation: its 'started' line and its worst-case cost. `isPrecise` asks for the exact token count
 * (a cap is set and must hold); without a cap a quick estimate is enough, since tokenizing every prompt costs
 * more CPU than the rest of a call's bookkeeping (bench/throughput).
 */
export type Reservation = (isPrecise: boolean) => { started: LogEntry; worstUsd: number };

/**
 * Reserves a call before it is sent: in one transaction that locks the bundle row (so concurrent calls of
 * the bundle reserve one after another), refuses when spent + this call's worst case could pass the cap, else
 * writes the call's 'started' line, which counts at its reserved cost until it is settled. The workspace's monthly
 * budget (the lower of USER_MONTHLY_BUDGET_USD and its own) is checked the same way. `isCapKnownUnset` skips the
 * lock when the caller has just read that the bundle has no cap and its workspace no budget of its own, and the
 * server sets none; `isPaidFor` (an answer the writer already holds,
 * paid for) is logged without asking either limit.
 */
export async function reserveCall(
  db: Database,
  run: RunRef,
  reservation: Reservation,
  isCapKnownUnset: boolean,
  isPaidFor = false,
): Promise<Reserved> {
  if (isPaidFor || (isCapKnownUnset && userMonthlyBudget() === undefined)) {
    const [row] = await db.insert(logs).values(reservation(false).started).returning({ id: logs.id });
    return { logId: row!.id };
  }
  return db.transaction(async (tx) => {
    const found = await runLimits(tx, run, true);
    const limited = found !== undefined && limitsOf(found).length > 0;
    const hasCap = found !== undefined && found.cap !== null;
    const { started, worstUsd } = reservation(hasCap || limited);
    if (hasCap) {
      const spend = await bundleSpendOf(tx, run.bundleId);
      if (spend.spent + worstUsd > found.cap!)
        return { refused: capReachedMessage(found.cap!, spend, worstUsd), cap: found.cap };
    }
    if (limited) {
      // The workspace's lock after the bundle's: every path takes them in this order.
      await lockUserBudget(tx, found.ownerId);
      const passed = await passedLimit(tx, found, worstUsd);
      if (passed) return { refused: budgetReachedMessage(passed.limit, passed.spend, worstUsd), cap: null };
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
