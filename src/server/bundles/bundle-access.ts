// Ownership checks. Another user's bundle, run, product or image answers unknown_bundle, exactly as a
// missing one does, so ids reveal nothing; so does a bundle marked deleted (its rows are being purged).
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { Queryable } from '../db/client';
import { bundles, bundleWorkflowProducts, bundleWorkflows } from '../db/schema';

export async function requireOwnedBundle(db: Queryable, ownerId: string, bundleId: number) {
  const [bundle] = await db
    .select()
    .from(bundles)
    .where(and(eq(bundles.id, bundleId), eq(bundles.ownerId, ownerId), isNull(bundles.deletedAt)));
  if (!bundle) throw new AppError('unknown_bundle');
  return bundle;
}

export async function requireOwnedRun(db: Queryable, ownerId: string, bundleWorkflowId: number) {
  const [run] = await db
    .select({ run: bundleWorkflows, bundle: bundles })
    .from(bundleWorkflows)
    .innerJoin(bundles, eq(bundles.id, bundleWorkflows.bundleId))
    .where(
      and(eq(bundleWorkflows.id, bundleWorkflowId), eq(bundles.ownerId, ownerId), isNull(bundles.deletedAt)),
    );
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
    .where(
      and(
        eq(bundleWorkflowProducts.id, bundleWorkflowProductId),
        eq(bundles.ownerId, ownerId),
        isNull(bundles.deletedAt),
      ),
    );
  if (!found) throw new AppError('unknown_bundle');
  return found;
}
