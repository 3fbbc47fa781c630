// Writes one product's changed fields to a Shopify store: `productUpdate` with descriptionHtml, seo and, only
// when asked, handle with redirectNewHandle (never productSet, which drops what it is not given); alt texts
// with `fileUpdate`; translations with `translationsRegister` (shopify-translations.ts). Each product's failure
// is its own.

import type { z } from 'zod';
import type { ProductWrite, WriteResult } from '../platform';
import { parseTranslationField } from '../push-translations';
import {
  deleteRedirectAnswer,
  fileUpdateAnswer,
  productUpdateAnswer,
  redirectsAnswer,
  type userErrors,
} from './shopify-answers';
import { type ShopifyConnection, shopifyGraphql } from './shopify-api';
import { DELETE_REDIRECT, FILE_UPDATE, FIND_REDIRECT, PRODUCT_UPDATE } from './shopify-documents';
import { writeShopifyTranslations } from './shopify-translations';

export async function writeShopifyProducts(
  connection: ShopifyConnection,
  products: ProductWrite[],
): Promise<WriteResult[]> {
  const results: WriteResult[] = [];
  for (const product of products) results.push(await writeShopifyProduct(connection, product));
  return results;
}

type UserError = z.infer<typeof userErrors>[number];

const describe = (errors: UserError[]) =>
  errors
    .map((error) => (error.field ? `${error.field.join('.')}: ${error.message}` : error.message))
    .join('; ');

async function writeShopifyProduct(
  connection: ShopifyConnection,
  product: ProductWrite,
): Promise<WriteResult> {
  const value = (field: string) => product.writes.find((write) => write.field === field)?.after;
  const input: Record<string, unknown> = { id: product.remoteProductId };
  if (value('description') !== undefined) input.descriptionHtml = value('description');
  const seo = { title: value('seo_title'), description: value('seo_description') };
  if (seo.title !== undefined || seo.description !== undefined) input.seo = seo;
  const handle = value('handle');
  const oldHandle = product.live.values.get('handle');
  if (handle !== undefined) {
    input.handle = handle;
    // An undo puts the old handle back without a redirect, and removes the one the push made.
    input.redirectNewHandle = !product.removeRedirectId;
  }
  if (product.removeRedirectId) {
    const data = await shopifyGraphql(connection, DELETE_REDIRECT, deleteRedirectAnswer, {
      id: product.removeRedirectId,
    });
    if (data.urlRedirectDelete.userErrors.length > 0)
      return { error: describe(data.urlRedirectDelete.userErrors) };
  }
  // Alt texts first, so that productUpdate's answer carries the product's updatedAt after both writes.
  const alts = product.writes.filter((write) => write.field.startsWith('alt_text:'));
  if (alts.length > 0) {
    const data = await shopifyGraphql(connection, FILE_UPDATE, fileUpdateAnswer, {
      files: alts.map((write) => ({ id: write.field.slice('alt_text:'.length), alt: write.after })),
    });
    if (data.fileUpdate.userErrors.length > 0) return { error: describe(data.fileUpdate.userErrors) };
  }
  let redirectId: string | null = null;
  let updatedAt: string | undefined;
  if (Object.keys(input).length > 1) {
    const data = await shopifyGraphql(connection, PRODUCT_UPDATE, productUpdateAnswer, { product: input });
    if (data.productUpdate.userErrors.length > 0) return { error: describe(data.productUpdate.userErrors) };
    updatedAt = data.productUpdate.product?.updatedAt;
    if (handle !== undefined && !product.removeRedirectId && oldHandle) {
      redirectId = await findRedirect(connection, `/products/${oldHandle}`);
    }
  }
  // Translations last: each is registered against the content just written (shopify-translations.ts).
  const translations = product.writes.filter((write) => parseTranslationField(write.field));
  if (translations.length > 0) {
    const error = await writeShopifyTranslations(connection, product.remoteProductId, translations);
    if (error) return { error, redirectId };
  }
  return { error: null, redirectId, updatedAt };
}

/**
 * The redirect whose path is exactly `path`, the one productUpdate made from the old handle; never another that
 * Shopify's search also answers (a longer path with the same start), which undo would then delete.
 */
async function findRedirect(connection: ShopifyConnection, path: string): Promise<string | null> {
  const found = await shopifyGraphql(connection, FIND_REDIRECT, redirectsAnswer, {
    query: `path:${JSON.stringify(path)}`,
  });
  return found.urlRedirects.nodes.find((redirect) => redirect.path === path)?.id ?? null;
}
