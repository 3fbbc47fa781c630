// start-trial: copies a sample of the bundle into a hidden bundle of the trial's own and starts each workflow on
// it as an ordinary run, so the copy goes through the same pipeline and job queue as a real run's but lands in
// the sample's rows: the bundle's own copy is never touched. The sample bundle's cap is the trial's.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type ParsedFunctionRequest, TRIAL_LIMITS } from '../../../common/contract/functions';
import type { Database } from '../../db/client';
import { bundles, products, trials } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { requireOwnedBundle } from '../../leaves/ownership/lookups';
import type { Membership } from '../../leaves/ownership/membership';
import { refuseWhileImporting } from '../bundles/import-state';
import { startRun, variantLinksOf } from '../bundles/start-run';
import { resolveWorkflow, type WorkflowRow } from '../workflows/workflow-access';
import { pickSample } from './pick-sample';

type SourceProduct = typeof products.$inferSelect;

export async function startTrial(
  db: Database,
  member: Membership,
  input: ParsedFunctionRequest<'start-trial'>,
  hasApiKey: boolean,
): Promise<{ trial_id: number; products: number }> {
  const ownerId = member.workspaceId;
  const bundle = await requireOwnedBundle(db, ownerId, input.bundle_id);
  if (bundle.trialOf !== null)
    throw new AppError('bad_input', "bundle_id: this is a trial's sample; name the bundle itself.");
  await refuseWhileImporting(db, bundle.id);
  const workflowList: WorkflowRow[] = [];
  for (const workflowId of input.workflow_ids)
    workflowList.push(await resolveWorkflow(db, ownerId, workflowId, hasApiKey));
  const sample = await sampleOf(db, bundle.id, input);
  return db.transaction(async (tx) => {
    const [copy] = await tx
      .insert(bundles)
      .values({
        ownerId,
        name: `Trial of ${bundle.name}`.slice(0, 200),
        columns: bundle.columns,
        customFields: bundle.customFields,
        spendingCapUsd: input.spending_cap_usd ?? null,
        fillEmptyOnly: bundle.fillEmptyOnly,
        currency: bundle.currency,
        language: bundle.language,
        languageSource: bundle.languageSource,
        languageConfidence: bundle.languageConfidence,
        trialOf: bundle.id,
      })
      .returning({ id: bundles.id });
    const sampleBundleId = copy!.id;
    // The bundle's positions are kept, so each sample product names the product it was copied from.
    const copied = await tx
      .insert(products)
      .values(
        sample.map((product) => ({
          bundleId: sampleBundleId,
          position: product.position,
          details: product.details,
          imageUrls: product.imageUrls,
          language: product.language,
          storeCopy: product.storeCopy,
        })),
      )
      .returning({ id: products.id, position: products.position });
    const [trial] = await tx
      .insert(trials)
      .values({ ownerId, bundleId: bundle.id, sampleBundleId, workflowIds: input.workflow_ids })
      .returning({ id: trials.id });
    const parsed = sample.map((p) => ({ position: p.position, details: p.details, imageUrls: p.imageUrls }));
    const idAt = new Map(copied.map((row) => [row.position, row.id]));
    for (const workflow of workflowList) {
      await startRun(
        tx,
        { bundleId: sampleBundleId, workflowId: workflow.id, startedBy: member.userId },
        parsed,
        parsed.map((p) => idAt.get(p.position)!),
        bundle.customFields,
      );
    }
    return { trial_id: trial!.id, products: sample.length };
  });
}

/** The products named by product_ids, else a sample picked to cover the bundle, in the bundle's order. */
async function sampleOf(
  db: Database,
  bundleId: number,
  input: ParsedFunctionRequest<'start-trial'>,
): Promise<SourceProduct[]> {
  if (input.product_ids) {
    const named = await db
      .select()
      .from(products)
      .where(and(eq(products.bundleId, bundleId), inArray(products.id, input.product_ids)))
      .orderBy(asc(products.position));
    const found = new Set(named.map((product) => product.id));
    const missing = input.product_ids.find((productId) => !found.has(productId));
    if (missing !== undefined)
      throw new AppError('bad_input', `product_ids: product ${missing} is not in bundle ${bundleId}.`);
    return named;
  }
  const all = await db
    .select()
    .from(products)
    .where(eq(products.bundleId, bundleId))
    .orderBy(asc(products.position));
  if (all.length === 0) throw new AppError('bad_input', 'bundle_id: the bundle has no products to try.');
  const picked = new Set(
    pickSample(
      all,
      variantLinksOf(all.map((p) => ({ position: p.position, details: p.details, imageUrls: p.imageUrls }))),
      input.sample_size ?? TRIAL_LIMITS.defaultSample,
    ),
  );
  return all.filter((product) => picked.has(product.position));
}
