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
import { apiVersionWatch, asBadInput } from './store-connection';
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
  // The store's row does not exist yet: the version its answers came with is written with it.
  let version: { answered: string | null; asked: string | null } = { answered: null, asked: null };
  const onApiVersion = apiVersionWatch(
    { id: null, platform: input.platform, apiVersionAnswered: null },
    access,
    async (answered, asked) => {
      version = { answered, asked: answered === null ? null : asked };
    },
  );
  try {
    url = parseStoreUrl(input.store_url, access.network);
    proved = await platform.open(url, credentials, { ...access, onApiVersion }).prove();
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
      apiVersionAnswered: version.answered,
      apiVersionAsked: version.asked,
      sealedCredentials: sealSecret(access.secretsKey, JSON.stringify(credentials)),
    })
    .returning();
  return storeView(row!);
}
