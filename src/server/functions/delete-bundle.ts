import { deleteBundle } from '../bundles/delete-bundle';
import type { FunctionHandler } from './types';

export const deleteBundleFunction: FunctionHandler<'delete-bundle'> = async (ctx, input) => {
  await deleteBundle(ctx.db, ctx.userId, input.bundle_id);
  return { deleted: true };
};
