import { listBundles } from '../domain/bundles/bundle-queries';
import type { FunctionHandler } from './types';

export const listBundlesFunction: FunctionHandler<'list-bundles'> = async (ctx) => ({
  bundles: await listBundles(ctx.db, ctx.workspaceId),
});
