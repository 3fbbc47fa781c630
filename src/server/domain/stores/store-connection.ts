// From a store's address and credentials to the client its platform speaks, and the one read that proves
// the credentials: Shopify `shop { name }` with the app's access scopes; WooCommerce one products
// page and an empty batch, which a read-only key is refused.
import { AppError } from '../../leaves/app-error/app-error';
import type { StoreCredentials } from './owned-stores';
import { type ShopifyConnection, shopifyGraphql } from './shopify/shopify-api';
import { ACCESS_SCOPES, SHOP_AND_SCOPES } from './shopify/shopify-documents';
import type { StoreAccess } from './store-access';
import { StoreApiError } from './store-api-error';
import { StoreRequestError } from './store-request';
import { type WooConnection, wooRequest } from './woocommerce/woocommerce-api';

export type StoreClient =
  | { platform: 'shopify'; connection: ShopifyConnection }
  | { platform: 'woocommerce'; connection: WooConnection };

export function storeClient(url: URL, credentials: StoreCredentials, access: StoreAccess): StoreClient {
  if (credentials.platform === 'shopify') {
    return {
      platform: 'shopify',
      connection: { url, accessToken: credentials.access_token, network: access.network },
    };
  }
  return {
    platform: 'woocommerce',
    connection: {
      url,
      consumerKey: credentials.consumer_key,
      consumerSecret: credentials.consumer_secret,
      network: access.network,
    },
  };
}

/** Shopify scopes a push needs: products to read and write, files for image alt texts. */
export const SHOPIFY_SCOPES = ['read_products', 'write_products', 'write_files'] as const;

/**
 * Shopify scopes a push with `write_handles` needs besides: the redirect a new handle leaves is found with
 * `urlRedirects` and removed on undo with `urlRedirectDelete` (online store navigation).
 */
export const SHOPIFY_HANDLE_SCOPES = [
  'read_online_store_navigation',
  'write_online_store_navigation',
] as const;

/** The wanted scopes the token was not granted; a write_ scope includes its read_ (Shopify's documentation). */
function missingScopes(granted: { handle: string }[], wanted: readonly string[]): string[] {
  const handles = new Set(granted.map((scope) => scope.handle));
  for (const handle of [...handles]) {
    if (handle.startsWith('write_')) handles.add(`read_${handle.slice('write_'.length)}`);
  }
  return wanted.filter((scope) => !handles.has(scope));
}

/** Asks the store which scopes its token holds and answers the ones of `wanted` it lacks. */
export async function missingShopifyScopes(
  connection: ShopifyConnection,
  wanted: readonly string[],
): Promise<string[]> {
  const data = await shopifyGraphql<{
    currentAppInstallation: { accessScopes: { handle: string }[] };
  }>(connection, ACCESS_SCOPES);
  return missingScopes(data.currentAppInstallation.accessScopes, wanted);
}

/** What the store says about itself once the credentials are proved. */
export type ProvedStore = { name: string; currency: string | null };

export async function proveStoreAccess(client: StoreClient): Promise<ProvedStore> {
  if (client.platform === 'shopify') {
    const data = await shopifyGraphql<{
      shop: { name: string; currencyCode: string };
      currentAppInstallation: { accessScopes: { handle: string }[] };
    }>(client.connection, SHOP_AND_SCOPES);
    const missing = missingScopes(data.currentAppInstallation.accessScopes, SHOPIFY_SCOPES);
    if (missing.length > 0) {
      throw new StoreApiError(
        'scope',
        `The access token lacks the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: give the app ${SHOPIFY_SCOPES.join(', ')}.`,
      );
    }
    return { name: data.shop.name, currency: data.shop.currencyCode ?? null };
  }
  await wooRequest(client.connection, 'GET', '/products', { query: { per_page: 1 } });
  await wooRequest(client.connection, 'POST', '/products/batch', { body: {} });
  return { name: client.connection.url.host, currency: null };
}

/** A store's failure as the 400 that names it; anything else passes through. */
export function asBadInput(error: unknown, platform: string): unknown {
  if (error instanceof StoreRequestError) return new AppError('bad_input', error.message);
  if (error instanceof StoreApiError) {
    const lead = {
      auth: 'Wrong credentials',
      not_platform: `Not a ${platform === 'shopify' ? 'Shopify' : 'WooCommerce'} store`,
      scope: 'Missing permission',
      throttled: 'The store is busy',
      api: 'The store refused',
    }[error.kind];
    return new AppError('bad_input', `${lead}: ${error.message}`);
  }
  return error;
}
