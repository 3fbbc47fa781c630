// connect-store: check the address against the guard, prove the credentials with one read, and
// keep them sealed. Nothing is stored for a store that could not be proved.
import type { ParsedFunctionRequest, StoreView } from '../../../common/contract/functions';
import type { Queryable } from '../../db/client';
import { stores } from '../../db/schema';
import { sealSecret } from '../../leaves/secrets/seal';
import { storeView } from './owned-stores';
import type { ProvedStore } from './platform';
import { PLATFORMS } from './platforms';
import type { StoreAccess } from './store-access';
import { asBadInput } from './store-connection';
import { parseStoreUrl } from './store-request';

export async function connectStore(
  db: Queryable,
  ownerId: string,
  input: ParsedFunctionRequest<'connect-store'>,
  access: StoreAccess,
): Promise<StoreView> {
  const platform = PLATFORMS[input.platform];
  const credentials = platform.credentialsFrom(input);
  let proved: ProvedStore;
  let url: URL;
  try {
    url = parseStoreUrl(input.store_url, access.network);
    proved = await platform.open(url, credentials, access).prove();
  } catch (error) {
    throw asBadInput(error, platform.label);
  }
  const [row] = await db
    .insert(stores)
    .values({
      ownerId,
      platform: input.platform,
      storeUrl: url.origin,
      name: input.name ?? proved.name,
      currency: proved.currency,
      sealedCredentials: sealSecret(access.secretsKey, JSON.stringify(credentials)),
    })
    .returning();
  return storeView(row!);
}
