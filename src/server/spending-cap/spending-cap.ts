// A bundle's spending cap: once its runs have cost this much, they pause with a clear message; raising or
// removing the cap resumes them (bundles/set-spending-cap.ts).
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { bundles, bundleWorkflows } from '../db/schema';
import { logGeneral } from '../run-log/run-log';

/** What every run of the bundle has cost so far, in USD. */
export async function bundleSpend(db: Queryable, bundleId: number): Promise<number> {
  const { rows } = await db.execute<{ spent: number }>(sql`
    select coalesce(sum(l.cost), 0)::float8 as spent
    from logs l join bundle_workflows bw on bw.id = l.bundle_workflow_id
    where bw.bundle_id = ${bundleId}`);
  return Number(rows[0]?.spent ?? 0);
}

export function capReachedMessage(cap: number, spent: number): string {
  return `Paused: this bundle reached its spending cap of $${cap.toFixed(2)} ($${spent.toFixed(4)} spent). Raise or remove the cap to continue.`;
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

/** Pauses a run: it keeps its queued products, shows the reason, and takes no more provider calls. */
export async function pauseRun(db: Queryable, bundleWorkflowId: number, reason: string): Promise<void> {
  const paused = await db
    .update(bundleWorkflows)
    .set({ pausedReason: reason })
    .where(and(eq(bundleWorkflows.id, bundleWorkflowId), sql`${bundleWorkflows.pausedReason} is null`))
    .returning({ id: bundleWorkflows.id });
  if (paused.length > 0)
    await logGeneral(db, { bundleWorkflowId, productId: null }, 'Run paused', { reason });
}
