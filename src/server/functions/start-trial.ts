import { startTrial } from '../domain/trials/start-trial';
import type { FunctionHandler } from './types';

export const startTrialFunction: FunctionHandler<'start-trial'> = async (ctx, input) =>
  startTrial(ctx.db, ctx.member, input, ctx.services.writers.hasApiKey);
