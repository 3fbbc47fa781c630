// The one read that proves a Shopify store's credentials: `shop { name }` with the app's access scopes, and
// the scopes a push with write_handles or translations needs besides, checked before anything is written.
import type { PushField } from '../../../../common/contract/functions';
import { AppError } from '../../../leaves/app-error/app-error';
import type { ProvedStore } from '../platform';
import { StoreApiError } from '../store-api-error';
import { accessScopesAnswer, shopAndScopesAnswer } from './shopify-answers';
import { type ShopifyConnection, shopifyGraphql } from './shopify-api';
import { ACCESS_SCOPES, SHOP_AND_SCOPES } from './shopify-documents';

/** Shopify scopes a push needs: products to read and write, files for image alt texts. */
export const SHOPIFY_SCOPES = ['read_products', 'write_products', 'write_files'] as const;

/**
 * Shopify scopes a push with `write_handles` needs besides: the redirect a new handle leaves is found with
 * `urlRedirects` and removed on undo with `urlRedirectDelete` (online store navigation).
 */
/** Scopes a push of translations needs: translatableResource reads with the first, translationsRegister writes with the second. */
export const SHOPIFY_TRANSLATION_SCOPES = ['read_translations', 'write_translations'] as const;

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
  const data = await shopifyGraphql(connection, ACCESS_SCOPES, accessScopesAnswer);
  return missingScopes(data.currentAppInstallation.accessScopes, wanted);
}

export async function proveShopify(connection: ShopifyConnection): Promise<ProvedStore> {
  const data = await shopifyGraphql(connection, SHOP_AND_SCOPES, shopAndScopesAnswer);
  const missing = missingScopes(data.currentAppInstallation.accessScopes, SHOPIFY_SCOPES);
  if (missing.length > 0) {
    throw new StoreApiError(
      'scope',
      `The access token lacks the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: give the app ${SHOPIFY_SCOPES.join(', ')}.`,
    );
  }
  return { name: data.shop.name, currency: data.shop.currencyCode ?? null };
}

/**
 * A push with write_handles, checked before anything is written: without these scopes the handle would change
 * and its redirect could neither be found for the journal nor removed by an undo.
 */
export async function checkShopifyPush(
  connection: ShopifyConnection,
  input: { write_handles?: boolean; fields?: readonly PushField[] },
): Promise<void> {
  if (input.write_handles) {
    const missing = await missingShopifyScopes(connection, SHOPIFY_HANDLE_SCOPES);
    if (missing.length > 0) {
      throw new AppError(
        'bad_input',
        `write_handles needs the Shopify scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: give the app ${SHOPIFY_HANDLE_SCOPES.join(' and ')}, or push without write_handles.`,
      );
    }
  }
  if (input.fields?.includes('translations')) {
    const missing = await missingShopifyScopes(connection, SHOPIFY_TRANSLATION_SCOPES);
    if (missing.length > 0) {
      throw new AppError(
        'bad_input',
        `fields: translations needs the Shopify scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: give the app ${SHOPIFY_TRANSLATION_SCOPES.join(' and ')}, or push without translations.`,
      );
    }
  }
}
