import { pushToStore } from '../domain/stores/push-to-store';
import type { FunctionHandler } from './types';

export const pushToStoreFunction: FunctionHandler<'push-to-store'> = async (ctx, input) => ({
  push_id: await pushToStore(ctx.db, ctx.workspaceId, input, ctx.services.stores),
});
