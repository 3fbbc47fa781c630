import { previewPush } from '../domain/stores/push-plan';
import type { FunctionHandler } from './types';

export const previewPushFunction: FunctionHandler<'preview-push'> = async (ctx, input) => ({
  changes: (await previewPush(ctx.db, ctx.userId, input, ctx.services.stores)).changes,
});
