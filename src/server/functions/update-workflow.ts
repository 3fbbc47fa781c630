import { updateWorkflow } from '../domain/workflows/own-workflows';
import type { FunctionHandler } from './types';

export const updateWorkflowFunction: FunctionHandler<'update-workflow'> = async (ctx, input) => {
  const { workflow_id, ...fields } = input;
  return {
    workflow: await updateWorkflow(
      ctx.db,
      ctx.workspaceId,
      workflow_id,
      fields,
      ctx.services.writers.hasApiKey,
    ),
  };
};
