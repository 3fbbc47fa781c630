import { listApiKeys } from '../domain/api-keys/api-keys';
import type { FunctionHandler } from './types';

export const listApiKeysFunction: FunctionHandler<'list-api-keys'> = async (ctx) => ({
  api_keys: await listApiKeys(ctx.db, ctx.workspaceId),
});
