import { previewPush } from '../domain/stores/push-plan';
import type { FunctionHandler } from './types';

export const previewPushFunction: FunctionHandler<'preview-push'> = async (ctx, input) => {
  const { changes, notes } = await previewPush(ctx.db, ctx.workspaceId, input, ctx.services.stores);
  return { changes, notes };
};
