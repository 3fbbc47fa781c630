import { listWorkflows } from '../workflows/workflows';
import type { FunctionHandler } from './types';

export const listWorkflowsFunction: FunctionHandler<'list-workflows'> = async (ctx) => ({
  workflows: await listWorkflows(ctx.db, Boolean(ctx.services.config.OPENAI_API_KEY)),
});
