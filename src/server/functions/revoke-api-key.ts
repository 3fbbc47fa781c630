import { revokeApiKey } from '../domain/api-keys/api-keys';
import type { FunctionHandler } from './types';

/** From the next request on, the key is refused with 401. */
export const revokeApiKeyFunction: FunctionHandler<'revoke-api-key'> = async (ctx, input) => {
  await revokeApiKey(ctx.db, ctx.member, input.api_key_id);
  return { revoked: true };
};
