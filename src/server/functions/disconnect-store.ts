import { disconnectStore } from '../domain/stores/owned-stores';
import type { FunctionHandler } from './types';

export const disconnectStoreFunction: FunctionHandler<'disconnect-store'> = async (ctx, input) => {
  await disconnectStore(ctx.db, ctx.workspaceId, input.store_id);
  return { disconnected: true };
};
