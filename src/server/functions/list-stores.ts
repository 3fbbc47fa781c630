import { listStores } from '../domain/stores/owned-stores';
import type { FunctionHandler } from './types';

export const listStoresFunction: FunctionHandler<'list-stores'> = async (ctx) => ({
  stores: await listStores(ctx.db, ctx.workspaceId),
});
