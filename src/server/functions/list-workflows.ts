import { listWorkflows } from '../domain/workflows/workflows';
import type { FunctionHandler } from './types';

export const listWorkflowsFunction: FunctionHandler<'list-workflows'> = async (ctx) => ({
  workflows: await listWorkflows(ctx.db, ctx.workspaceId, ctx.services.writers.hasApiKey),
});
