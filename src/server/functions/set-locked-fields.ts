import { setLockedFields } from '../domain/review/locked-fields';
import type { FunctionHandler } from './types';

export const setLockedFieldsFunction: FunctionHandler<'set-locked-fields'> = async (ctx, input) => ({
  updated: await setLockedFields(
    ctx.db,
    ctx.workspaceId,
    input.bundle_workflow_product_ids,
    input.fields,
    input.locked,
  ),
});
