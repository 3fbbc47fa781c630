import { deleteBundle } from '../domain/bundles/delete-bundle';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

/** Answers at once: the bundle is marked deleted and its rows are removed by a purge-bundle job. */
export const deleteBundleFunction: FunctionHandler<'delete-bundle'> = async (ctx, input) => {
  await deleteBundle(ctx.db, ctx.workspaceId, input.bundle_id);
  await audit(ctx, 'bundle.deleted', `bundle ${input.bundle_id}`);
  return { deleted: true };
};
