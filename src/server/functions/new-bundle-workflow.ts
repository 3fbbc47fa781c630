import { startWorkflowOnBundle } from '../domain/runs/start-workflow';
import type { FunctionHandler } from './types';

export const newBundleWorkflowFunction: FunctionHandler<'new-bundle-workflow'> = async (ctx, input) => ({
  bundle_workflow_id: await startWorkflowOnBundle(
    ctx.db,
    ctx.member,
    input.bundle_id,
    input.workflow_id,
    ctx.services.writers.hasApiKey,
    input.only_top,
    input.trial_id,
  ),
});
