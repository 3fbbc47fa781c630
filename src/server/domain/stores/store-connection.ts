// From a connected store to the client its platform speaks (PLATFORMS), and a store's failure as the 400 that
// names it.
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { stores } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import type { OpenedStore } from './owned-stores';
import type { PlatformName, StoreClient } from './platform';
import { PLATFORMS } from './platforms';
import type { StoreAccess } from './store-access';
import { StoreApiError } from './store-api-error';
import { StoreRequestError } from './store-request';

export function storeClient(
  store: Pick<OpenedStore, 'id' | 'platform' | 'url' | 'credentials' | 'apiVersionAnswered'>,
  access: StoreAccess,
  db: Queryable,
): StoreClient {
  const onApiVersion = apiVersionWatch(store, access, (answered, asked) =>
    db
      .update(stores)
      .set({ apiVersionAnswered: answered, apiVersionAsked: answered === null ? null : asked })
      .where(eq(stores.id, store.id)),
  );
  return PLATFORMS[store.platform].open(store.url, store.credentials, { ...access, onApiVersion });
}

/**
 * What to do with each answer's API version: when it stops or starts matching the version asked, warn in the
 * log (the store's id and the two versions, nothing secret) and record it, once per change, so the Account page
 * shows it. The record is written beside the call, not awaited by it; a failure to write is logged.
 */
export function apiVersionWatch(
  store: { id: number | null; platform: PlatformName; apiVersionAnswered: string | null },
  access: Pick<StoreAccess, 'log'>,
  record: (answered: string | null, asked: string) => PromiseLike<unknown>,
): (answered: string) => void {
  const asked = PLATFORMS[store.platform].apiVersion;
  let known = store.apiVersionAnswered;
  return (answered) => {
    const other = answered === asked ? null : answered;
    if (other === known) return;
    known = other;
    if (other !== null) {
      access.log?.warn(
        { storeId: store.id, platform: store.platform, askedApiVersion: asked, answeredApiVersion: other },
        'The store answered with another API version than Copyloom asks for',
      );
    }
    Promise.resolve(record(other, asked)).catch((error: unknown) =>
      access.log?.error(
        { storeId: store.id, error: String(error) },
        'Could not record the store API version',
      ),
    );
  };
}

/** A store's failure as the 400 that names it; anything else passes through. `label` names the platform. */
export function asBadInput(error: unknown, label: string): unknown {
  if (error instanceof StoreRequestError) return new AppError('bad_input', error.message);
  if (error instanceof StoreApiError) {
    const lead = {
      auth: 'Wrong credentials',
      not_platform: `Not a ${label} store`,
      scope: 'Missing permission',
      throttled: 'The store is busy',
      api: 'The store refused',
    }[error.kind];
    return new AppError('bad_input', `${lead}: ${error.message}`);
  }
  return error;
}
