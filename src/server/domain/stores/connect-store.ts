// connect-store: check the address against the guard, prove the credentials with one read, and
// keep them sealed. Nothing is stored for a store that could not be proved.
import type { ParsedFunctionRequest, StoreView } from '../../../common/contract/functions';
import type { Queryable } from '../../db/client';
import { stores } from '../../db/schema';
import { sealSecret } from '../../leaves/secrets/seal';
import { type StoreCredentials, storeView } from './owned-stores';
import type { StoreAccess } from './store-access';
import { asBadInput, proveStoreAccess, storeClient } from './store-connection';
import { parseStoreUrl } from './store-request';

export async function connectStore(
  db: Queryable,
  ownerId: string,
  input: ParsedFunctionRequest<'connect-store'>,
  access: StoreAccess,
): Promise<StoreView> {
  const credentials: StoreCredentials =
    input.platform === 'shopify'
      ? { platform: 'shopify', access_token: input.access_token! }
      : {
          platform: 'woocommerce',
          consumer_key: input.consumer_key!,
          consumer_secret: input.consumer_secret!,
        };
  let proved: Awaited<ReturnType<typeof proveStoreAccess>>;
  let url: URL;
  try {
    url = parseStoreUrl(input.store_url, access.network);
    proved = await proveStoreAccess(storeClient(url, credentials, access));
  } catch (error) {
    throw asBadInput(error, input.platform);
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
