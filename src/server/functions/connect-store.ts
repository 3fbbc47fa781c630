import { connectStore } from '../domain/stores/connect-store';
import type { FunctionHandler } from './types';

export const connectStoreFunction: FunctionHandler<'connect-store'> = async (ctx, input) => ({
  store: await connectStore(ctx.db, ctx.workspaceId, input, ctx.services.stores),
});
