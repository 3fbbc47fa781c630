import { viewRun } from '../bundles/view-run';
import { type FunctionHandler, NOT_MODIFIED } from './types';

export const viewBundleWorkflowFunction: FunctionHandler<'view-bundle-workflow'> = async (ctx, input) => {
  const view = await viewRun(
    ctx.db,
    ctx.userId,
    input.bundle_id,
    input.workflow_id,
    ctx.requestHeaders.get('if-none-match') ?? undefined,
  );
  ctx.responseHeaders.set('etag', view.etag);
  ctx.responseHeaders.set('cache-control', 'private, no-cache');
  return view.body ?? NOT_MODIFIED;
};
