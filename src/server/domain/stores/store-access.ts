// How this process reaches connected stores and seals their credentials, from the config.

import type { Logger } from '../../leaves/logger/logger';
import { secretsKey } from '../../leaves/secrets/seal';
import type { StoreNetwork } from './store-request';

export type StoreAccess = {
  secretsKey: Buffer;
  network: StoreNetwork;
  /** A Shopify catalogue of more products than this is read with a bulk operation (SHOPIFY_BULK_THRESHOLD). */
  shopifyBulkThreshold?: number;
  /** Where a store answering another API version than asked is warned of. */
  log?: Logger;
};

export function storeAccessFromConfig(
  config: {
    ALLOW_PRIVATE_STORE_HOSTS: string[];
    STORE_SECRETS_KEY?: string;
    NODE_ENV: string;
    SHOPIFY_BULK_THRESHOLD?: number;
  },
  authSecret: string,
  log?: Logger,
): StoreAccess {
  return {
    secretsKey: secretsKey(authSecret, config.STORE_SECRETS_KEY),
    network: {
      allowPrivateHosts: config.ALLOW_PRIVATE_STORE_HOSTS,
      requireHttps: config.NODE_ENV === 'production',
    },
    shopifyBulkThreshold: config.SHOPIFY_BULK_THRESHOLD,
    log,
  };
}
