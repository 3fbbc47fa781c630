import { createWorkflow } from '../domain/workflows/own-workflows';
import type { FunctionHandler } from './types';

export const newWorkflowFunction: FunctionHandler<'new-workflow'> = async (ctx, input) => ({
  workflow_id: await createWorkflow(ctx.db, ctx.workspaceId, input),
});
