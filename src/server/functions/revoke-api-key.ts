import { revokeApiKey } from '../domain/api-keys/api-keys';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

/** From the next request on, the key is refused with 401. */
export const revokeApiKeyFunction: FunctionHandler<'revoke-api-key'> = async (ctx, input) => {
  const prefix = await revokeApiKey(ctx.db, ctx.member, input.api_key_id);
  await audit(ctx, 'api_key.revoked', `api key ${input.api_key_id}`, { prefix });
  return { revoked: true };
};
