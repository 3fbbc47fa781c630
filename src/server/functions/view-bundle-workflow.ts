import { viewRun } from '../domain/runs/view-run';
import { type FunctionHandler, NOT_MODIFIED } from './types';

export const viewBundleWorkflowFunction: FunctionHandler<'view-bundle-workflow'> = async (ctx, input) => {
  const view = await viewRun(ctx.db, {
    ownerId: ctx.workspaceId,
    bundleId: input.bundle_id,
    workflowId: input.workflow_id,
    limit: input.limit,
    offset: input.offset,
    since: input.since,
    ifNoneMatch: ctx.requestHeaders.get('if-none-match') ?? undefined,
  });
  ctx.responseHeaders.set('etag', view.etag);
  ctx.responseHeaders.set('cache-control', 'private, no-cache');
  return view.body ?? NOT_MODIFIED;
};
