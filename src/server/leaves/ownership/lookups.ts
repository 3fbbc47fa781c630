// Ownership lookups: the row a user named, if it is theirs and not deleted. Another user's bundle, run,
// product or image answers unknown_bundle exactly as a missing one does, so ids reveal nothing; so does a
// bundle marked deleted (its rows are being purged). The conditions themselves are in ./conditions.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  bundles,
  bundleWorkflowProductImages,
  bundleWorkflowProducts,
  bundleWorkflows,
  storePushes,
  trials,
  workflows,
} from '../../db/schema';
import { AppError } from '../app-error/app-error';
import { liveBundleOf, pushOf, workflowVisibleTo } from './conditions';

export async function requireOwnedBundle(db: Queryable, ownerId: string, bundleId: number) {
  const [bundle] = await db
    .select()
    .from(bundles)
    .where(and(eq(bundles.id, bundleId), liveBundleOf(ownerId)));
  if (!bundle) throw new AppError('unknown_bundle');
  return bundle;
}

/** The bundle's id alone, for callers that need no more of it (search data). */
export async function requireOwnedBundleId(
  db: Queryable,
  ownerId: string,
  bundleId: number,
): Promise<number> {
  const [bundle] = await db
    .select({ id: bundles.id })
    .from(bundles)
    .where(and(eq(bundles.id, bundleId), liveBundleOf(ownerId)));
  if (!bundle) throw new AppError('unknown_bundle');
  return bundle.id;
}

export async function requireOwnedRun(db: Queryable, ownerId: string, bundleWorkflowId: number) {
  const [run] = await db
    .select({ run: bundleWorkflows, bundle: bundles })
    .from(bundleWorkflows)
    .innerJoin(bundles, eq(bundles.id, bundleWorkflows.bundleId))
    .where(and(eq(bundleWorkflows.id, bundleWorkflowId), liveBundleOf(ownerId)));
  if (!run) throw new AppError('unknown_bundle');
  return run;
}

export async function requireOwnedRunProduct(
  db: Queryable,
  ownerId: string,
  bundleWorkflowProductId: number,
) {
  const [found] = await db
    .select({ row: bundleWorkflowProducts, bundleId: bundles.id })
    .from(bundleWorkflowProducts)
    .innerJoin(bundleWorkflows, eq(bundleWorkflows.id, bundleWorkflowProducts.bundleWorkflowId))
    .innerJoin(bundles, eq(bundles.id, bundleWorkflows.bundleId))
    .where(and(eq(bundleWorkflowProducts.id, bundleWorkflowProductId), liveBundleOf(ownerId)));
  if (!found) throw new AppError('unknown_bundle');
  return found;
}

/** One image of one of the owner's run products, with the product's row; another user's reads as missing. */
export async function requireOwnedImage(db: Queryable, ownerId: string, imageId: number) {
  const [found] = await db
    .select({ image: bundleWorkflowProductImages, row: bundleWorkflowProducts })
    .from(bundleWorkflowProductImages)
    .innerJoin(
      bundleWorkflowProducts,
      eq(bundleWorkflowProducts.id, bundleWorkflowProductImages.bundleWorkflowProductId),
    )
    .innerJoin(bundleWorkflows, eq(bundleWorkflows.id, bundleWorkflowProducts.bundleWorkflowId))
    .innerJoin(bundles, eq(bundles.id, bundleWorkflows.bundleId))
    .where(and(eq(bundleWorkflowProductImages.id, imageId), liveBundleOf(ownerId)));
  if (!found) throw new AppError('unknown_bundle', `There is no image ${imageId}.`);
  return found;
}

export type OwnedProduct = Pick<
  typeof bundleWorkflowProducts.$inferSelect,
  'id' | 'bundleWorkflowId' | 'productId'
>;

/** Every id must be the owner's; otherwise unknown_bundle, changing nothing. Ordered by id. */
export async function requireOwnedProducts(
  db: Queryable,
  ownerId: string,
  ids: readonly number[],
): Promise<OwnedProduct[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({
      id: bundleWorkflowProducts.id,
      bundleWorkflowId: bundleWorkflowProducts.bundleWorkflowId,
      productId: bundleWorkflowProducts.productId,
    })
    .from(bundleWorkflowProducts)
    .innerJoin(bundleWorkflows, eq(bundleWorkflows.id, bundleWorkflowProducts.bundleWorkflowId))
    .innerJoin(bundles, eq(bundles.id, bundleWorkflows.bundleId))
    .where(and(inArray(bundleWorkflowProducts.id, unique), liveBundleOf(ownerId)))
    .orderBy(asc(bundleWorkflowProducts.id));
  if (rows.length !== unique.length) {
    throw new AppError('unknown_bundle', 'Some of those products do not exist.');
  }
  return rows;
}

/** A workflow the user may see (seeded or their own); another user's answers unknown_workflow like a missing one. */
export async function requireVisibleWorkflow(db: Queryable, ownerId: string, workflowId: number) {
  const [workflow] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), workflowVisibleTo(ownerId)));
  if (!workflow) throw new AppError('unknown_workflow', `There is no workflow ${workflowId}.`);
  return workflow;
}

/** A push the user made; another user's answers like a missing one. */
export async function requireOwnedPush(db: Queryable, ownerId: string, pushId: number) {
  const [push] = await db
    .select()
    .from(storePushes)
    .where(and(eq(storePushes.id, pushId), pushOf(ownerId)));
  if (!push) throw new AppError('unknown_store', 'No such push.');
  return push;
}

/**
 * A trial on a bundle the user owns and has not deleted; another user's answers unknown_bundle like a missing
 * one. With it, the trial's sample bundle (its products and runs).
 */
export async function requireOwnedTrial(db: Queryable, ownerId: string, trialId: number) {
  const [trial] = await db
    .select({ trial: trials })
    .from(trials)
    .innerJoin(bundles, eq(bundles.id, trials.bundleId))
    .where(and(eq(trials.id, trialId), liveBundleOf(ownerId)));
  if (!trial) throw new AppError('unknown_bundle', `There is no trial ${trialId}.`);
  return trial.trial;
}
