import type { FunctionHandler } from './types';

export const listModelsFunction: FunctionHandler<'list-models'> = async (ctx) => ({
  models: await ctx.services.writers.listModels(),
});
