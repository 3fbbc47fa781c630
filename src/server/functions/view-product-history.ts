import { listVersions } from '../domain/review/versions';
import type { FunctionHandler } from './types';

export const viewProductHistoryFunction: FunctionHandler<'view-product-history'> = async (ctx, input) => ({
  versions: await listVersions(ctx.db, ctx.workspaceId, input.bundle_workflow_product_id),
});
