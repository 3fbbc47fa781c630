import { deleteWorkflow } from '../domain/workflows/own-workflows';
import type { FunctionHandler } from './types';

export const deleteWorkflowFunction: FunctionHandler<'delete-workflow'> = async (ctx, input) => {
  await deleteWorkflow(ctx.db, ctx.workspaceId, input.workflow_id);
  return { deleted: true };
};
