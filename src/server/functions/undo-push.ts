import { undoPush } from '../domain/stores/push-to-store';
import type { FunctionHandler } from './types';

export const undoPushFunction: FunctionHandler<'undo-push'> = async (ctx, input) => ({
  push_id: await undoPush(ctx.db, ctx.workspaceId, input.push_id, ctx.services.stores),
});
