import { connectStore } from '../domain/stores/connect-store';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

export const connectStoreFunction: FunctionHandler<'connect-store'> = async (ctx, input) => {
  const store = await connectStore(ctx.db, ctx.workspaceId, input, ctx.services.stores);
  await audit(ctx, 'store.connected', `store ${store.id}`, { platform: store.platform, name: store.name });
  return { store };
};
