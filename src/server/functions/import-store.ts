import { importStore } from '../domain/stores/import-store';
import type { FunctionHandler } from './types';

export const importStoreFunction: FunctionHandler<'import-store'> = (ctx, input) =>
  importStore(ctx.db, ctx.member, input, ctx.services.stores, ctx.services.writers.hasApiKey);
