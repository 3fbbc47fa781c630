import { viewTrial } from '../domain/trials/view-trial';
import type { FunctionHandler } from './types';

export const viewTrialFunction: FunctionHandler<'view-trial'> = async (ctx, input) =>
  viewTrial(ctx.db, ctx.userId, input.trial_id);
