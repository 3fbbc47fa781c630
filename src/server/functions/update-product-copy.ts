import { updateProductCopy } from '../domain/runs/edit-copy';
import type { FunctionHandler } from './types';

export const updateProductCopyFunction: FunctionHandler<'update-product-copy'> = async (ctx, input) => ({
  product: await updateProductCopy(ctx.db, ctx.member, input),
});
