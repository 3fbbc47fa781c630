import { regenerateProducts } from '../domain/runs/regenerate';
import type { FunctionHandler } from './types';

export const regenerateProductsFunction: FunctionHandler<'regenerate-products'> = async (ctx, input) => ({
  queued: await regenerateProducts(
    ctx.db,
    ctx.workspaceId,
    input.bundle_workflow_id,
    input.bundle_workflow_product_ids,
    input.lock_fields,
    input.only_top,
  ),
});
