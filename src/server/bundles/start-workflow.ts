// new-bundle-workflow: run another workflow over an existing bundle. A repeat for the same pair returns the
// run that exists, so calling it twice is harmless.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bundleWorkflows, products } from '../db/schema';
import { resolveWorkflow } from '../workflows/workflow-access';
import { requireOwnedBundle } from './bundle-access';
import { startRun } from './create-bundle';

export async function startWorkflowOnBundle(
  db: Database,
  ownerId: string,
  bundleId: number,
  workflowId: number,
  hasApiKey: boolean,
): Promise<number> {
  const bundle = await requireOwnedBundle(db, ownerId, bundleId);
  const workflow = await resolveWorkflow(db, ownerId, workflowId, hasApiKey);
  return db.transaction(async (tx) => {
    // Serialise concurrent starts on one bundle, so the pair's run is made once.
    await tx.execute(sql`select id from bundles where id = ${bundle.id} for update`);
    const [existing] = await tx
      .select({ id: bundleWorkflows.id })
      .from(bundleWorkflows)
      .where(and(eq(bundleWorkflows.bundleId, bundle.id), eq(bundleWorkflows.workflowId, workflow.id)));
    if (existing) return existing.id;
    const rows = await tx
      .select({
        id: products.id,
        position: products.position,
        details: products.details,
        imageUrls: products.imageUrls,
      })
      .from(products)
      .where(eq(products.bundleId, bundle.id))
      .orderBy(asc(products.position));
    return startRun(
      tx,
      bundle.id,
      workflow.id,
      rows.map((row) => ({ position: row.position, details: row.details, imageUrls: row.imageUrls })),
      rows.map((row) => row.id),
      bundle.customFields,
    );
  });
}
