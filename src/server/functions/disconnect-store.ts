import { disconnectStore } from '../domain/stores/owned-stores';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

export const disconnectStoreFunction: FunctionHandler<'disconnect-store'> = async (ctx, input) => {
  await disconnectStore(ctx.db, ctx.workspaceId, input.store_id);
  await audit(ctx, 'store.disconnected', `store ${input.store_id}`);
  return { disconnected: true };
};
