import { createBundle } from '../domain/bundles/create-bundle';
import type { FunctionHandler } from './types';

export const newBundleFunction: FunctionHandler<'new-bundle'> = (ctx, input) =>
  createBundle(ctx.db, ctx.member, input, ctx.services.writers.hasApiKey, ctx.productList);
