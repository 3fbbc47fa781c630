import { readRunLog } from '../domain/runs/run-log-queries';
import type { FunctionHandler } from './types';

export const viewBundleLogFunction: FunctionHandler<'view-bundle-log'> = async (ctx, input) => ({
  log: await readRunLog(ctx.db, ctx.workspaceId, input.bundle_workflow_id, input.product_id),
});
