// new-bundle-workflow: run another workflow over an existing bundle. A repeat for the same pair returns the
// run that exists, so calling it twice is harmless. With only_top, the run holds only the bundle's N products
// with the most missed clicks in its latest Search Console import.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bundleWorkflows, products } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { requireOwnedBundle, requireOwnedTrial } from '../../leaves/ownership/lookups';
import type { Membership } from '../../leaves/ownership/membership';
import { refuseWhileImporting } from '../bundles/import-state';
import { startRun } from '../bundles/start-run';
import { topProductIds } from '../search-data/priorities';
import { resolveWorkflow } from '../workflows/workflow-access';

export async function startWorkflowOnBundle(
  db: Database,
  member: Membership,
  bundleId: number,
  workflowId: number,
  hasApiKey: boolean,
  onlyTop?: number,
  /** The trial the workflow was chosen in: the run's estimate starts from the trial's measures. */
  trialId?: number,
): Promise<number> {
  const ownerId = member.workspaceId;
  const bundle = await requireOwnedBundle(db, ownerId, bundleId);
  await refuseWhileImporting(db, bundle.id);
  const workflow = await resolveWorkflow(db, ownerId, workflowId, hasApiKey);
  if (trialId !== undefined) await requireTrialOf(db, ownerId, trialId, bundle.id, workflow.id);
  const top = onlyTop === undefined ? null : await topProductIds(db, bundle.id, onlyTop);
  if (top !== null && top.length === 0) {
    throw new AppError(
      'bad_input',
      'only_top: no product has missed clicks yet; import Search Console data first.',
    );
  }
  return db.transaction(async (tx) => {
    // Serialise concurrent starts on one bundle, so the pair's run is made once.
    await tx.execute(sql`select id from bundles where id = ${bundle.id} for update`);
    const [existing] = await tx
      .select({ id: bundleWorkflows.id })
      .from(bundleWorkflows)
      .where(and(eq(bundleWorkflows.bundleId, bundle.id), eq(bundleWorkflows.workflowId, workflow.id)));
    if (existing && top !== null) {
      throw new AppError(
        'bad_input',
        'only_top: this workflow already ran on the bundle; use regenerate-products with only_top on that run.',
      );
    }
    if (existing) return existing.id;
    const rows = await tx
      .select({
        id: products.id,
        position: products.position,
        details: products.details,
        imageUrls: products.imageUrls,
        languageConfidence: products.languageConfidence,
      })
      .from(products)
      .where(
        top
          ? and(eq(products.bundleId, bundle.id), inArray(products.id, top))
          : eq(products.bundleId, bundle.id),
      )
      .orderBy(asc(products.position));
    const runId = await startRun(
      tx,
      { bundleId: bundle.id, workflowId: workflow.id, startedBy: member.userId },
      // A product of a bundle imported before languages were detected has none: the run's rows detect it.
      rows.map(({ position, details, imageUrls, languageConfidence }) => ({
        position,
        details,
        imageUrls,
        ...(languageConfidence === null ? {} : { languageConfidence }),
      })),
      rows.map((row) => row.id),
      bundle.customFields,
    );
    if (trialId !== undefined)
      await tx.update(bundleWorkflows).set({ fromTrialId: trialId }).where(eq(bundleWorkflows.id, runId));
    return runId;
  });
}

/** A trial of this bundle that tried this workflow. */
async function requireTrialOf(
  db: Database,
  ownerId: string,
  trialId: number,
  bundleId: number,
  workflowId: number,
): Promise<void> {
  const trial = await requireOwnedTrial(db, ownerId, trialId);
  if (trial.bundleId !== bundleId)
    throw new AppError('bad_input', `trial_id: trial ${trialId} was not run on bundle ${bundleId}.`);
  if (!trial.workflowIds.includes(workflowId))
    throw new AppError('bad_input', `trial_id: trial ${trialId} did not try workflow ${workflowId}.`);
}
