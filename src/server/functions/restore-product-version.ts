import { recheckSavedCopy } from '../domain/generation/recheck-copy';
import { restoreVersion } from '../domain/review/versions';
import { runProducts } from '../domain/runs/run-query';
import type { FunctionHandler } from './types';

export const restoreProductVersionFunction: FunctionHandler<'restore-product-version'> = async (
  ctx,
  input,
) => {
  const id = input.bundle_workflow_product_id;
  // The restored copy is checked again in the same transaction: the screen shows the stored problems.
  const bundleWorkflowId = await ctx.db.transaction(async (tx) => {
    const runId = await restoreVersion(tx, ctx.member, id, input.version_id);
    await recheckSavedCopy(tx, id);
    return runId;
  });
  const [product] = await runProducts(ctx.db, bundleWorkflowId, id);
  return { product: product! };
};
