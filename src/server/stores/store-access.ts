// How this process reaches connected stores and seals their credentials, from the config.
import type { Config } from '../config';
import { secretsKey } from '../secrets/seal';
import type { StoreNetwork } from './store-request';

export type StoreAccess = {
  secretsKey: Buffer;
  network: StoreNetwork;
  /** A Shopify catalogue of more products than this is read with a bulk operation (SHOPIFY_BULK_THRESHOLD). */
  shopifyBulkThreshold?: number;
};

export function storeAccessFromConfig(
  config: Pick<Config, 'ALLOW_PRIVATE_STORE_HOSTS' | 'STORE_SECRETS_KEY' | 'NODE_ENV'> &
    Partial<Pick<Config, 'SHOPIFY_BULK_THRESHOLD'>>,
  authSecret: string,
): StoreAccess {
  return {
    secretsKey: secretsKey(authSecret, config.STORE_SECRETS_KEY),
    network: {
      allowPrivateHosts: config.ALLOW_PRIVATE_STORE_HOSTS,
      requireHttps: config.NODE_ENV === 'production',
    },
    shopifyBulkThreshold: config.SHOPIFY_BULK_THRESHOLD,
  };
}
