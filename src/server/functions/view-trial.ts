import { viewTrial } from '../domain/trials/view-trial';
import type { FunctionHandler } from './types';

export const viewTrialFunction: FunctionHandler<'view-trial'> = async (ctx, input) =>
  viewTrial(ctx.db, ctx.workspaceId, input.trial_id);
