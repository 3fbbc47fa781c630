// From a connected store to the client its platform speaks (PLATFORMS), and a store's failure as the 400 that
// names it.
import { AppError } from '../../leaves/app-error/app-error';
import type { OpenedStore } from './owned-stores';
import type { StoreClient } from './platform';
import { PLATFORMS } from './platforms';
import type { StoreAccess } from './store-access';
import { StoreApiError } from './store-api-error';
import { StoreRequestError } from './store-request';

export function storeClient(
  store: Pick<OpenedStore, 'platform' | 'url' | 'credentials'>,
  access: StoreAccess,
): StoreClient {
  return PLATFORMS[store.platform].open(store.url, store.credentials, access);
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
