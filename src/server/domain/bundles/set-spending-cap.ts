// set-spending-cap: sets or removes a bundle's cap, and resumes the runs it no longer stops.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bundles, bundleWorkflowProducts, bundleWorkflows } from '../../db/schema';
import { requireOwnedBundle } from '../../leaves/ownership/lookups';
import { queueGenerateJobs } from '../../leaves/queue/generate-jobs';
import { logGeneral } from '../../leaves/run-log/run-log';
import { bundleSpend } from '../../leaves/spending-cap/spending-cap';

/** Sets or removes the cap; runs the new cap no longer stops are resumed and their queued products queued again. */
export async function setSpendingCap(
  db: Database,
  ownerId: string,
  bundleId: number,
  cap: number | null,
): Promise<{ spending_cap_usd: number | null; resumed: number }> {
  await requireOwnedBundle(db, ownerId, bundleId);
  return db.transaction(async (tx) => {
    await tx.update(bundles).set({ spendingCapUsd: cap }).where(eq(bundles.id, bundleId));
    if (cap !== null && (await bundleSpend(tx, bundleId)) >= cap)
      return { spending_cap_usd: cap, resumed: 0 };
    const resumed = await tx
      .update(bundleWorkflows)
      .set({ pausedReason: null })
      .where(and(eq(bundleWorkflows.bundleId, bundleId), sql`${bundleWorkflows.pausedReason} is not null`))
      .returning({ id: bundleWorkflows.id });
    if (resumed.length === 0) return { spending_cap_usd: cap, resumed: 0 };
    const runIds = resumed.map((run) => run.id);
    const queued = await tx
      .select({ id: bundleWorkflowProducts.id })
      .from(bundleWorkflowProducts)
      .where(
        and(
          inArray(bundleWorkflowProducts.bundleWorkflowId, runIds),
          eq(bundleWorkflowProducts.status, 'queued'),
          // Variants wait for their parent, which queues them when it finishes.
          sql`(${bundleWorkflowProducts.isMultipleOf} is null or exists (
            select 1 from bundle_workflow_products parent
            where parent.id = ${bundleWorkflowProducts.isMultipleOf} and parent.status in ('done', 'failed')))`,
        ),
      );
    for (const runId of runIds) {
      await logGeneral(tx, { bundleWorkflowId: runId, productId: null }, 'Run resumed', {
        spending_cap_usd: cap,
      });
    }
    await queueGenerateJobs(
      tx,
      queued.map((row) => row.id),
    );
    return { spending_cap_usd: cap, resumed: resumed.length };
  });
}
