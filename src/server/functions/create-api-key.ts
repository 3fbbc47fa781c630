import { createApiKey } from '../domain/api-keys/api-keys';
import type { FunctionHandler } from './types';

/** The key is in this answer only; the database keeps its hash. */
export const createApiKeyFunction: FunctionHandler<'create-api-key'> = (ctx, input) =>
  createApiKey(ctx.db, ctx.member, input);
