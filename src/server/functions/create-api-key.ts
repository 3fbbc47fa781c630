import { createApiKey } from '../domain/api-keys/api-keys';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

/** The key is in this answer only; the database keeps its hash. */
export const createApiKeyFunction: FunctionHandler<'create-api-key'> = async (ctx, input) => {
  const made = await createApiKey(ctx.db, ctx.member, input);
  await audit(ctx, 'api_key.created', `api key ${made.api_key.id}`, {
    name: made.api_key.name,
    prefix: made.api_key.prefix,
    scopes: made.api_key.scopes.join(' '),
  });
  return made;
};
