// Shopify behind the store seam (../platform.ts): its Admin GraphQL API at a pinned version, a catalogue read
// by pages or, past the bulk threshold, with one bulk operation, and a push of 10 products a chunk, one chunk
// at a time (Shopify paces every call by its cost bucket anyway).
import { z } from 'zod';
import type { PushField } from '../../../../common/contract/functions';
import type { CatalogueRead, PlatformAccess, StoreClient, StorePlatform } from '../platform';
import { SHOPIFY_API_VERSION, type ShopifyConnection } from './shopify-api';
import { readShopifyBulk } from './shopify-bulk';
import { countShopifyProducts, readShopifyPages } from './shopify-catalogue';
import { checkShopifyPush, proveShopify } from './shopify-connect';
import { readShopifyLive } from './shopify-live';
import { shopifyCatalogue } from './shopify-rows';
import { writeShopifyProducts } from './shopify-write';

export const DEFAULT_SHOPIFY_BULK_THRESHOLD = 2_000;

const credentialsSchema = z.object({ platform: z.literal('shopify'), access_token: z.string() });

/** A variant's copy is its product's: a push writes the product, never the variant. */
const PRODUCT_FIELDS: readonly PushField[] = [
  'description',
  'seo_title',
  'seo_description',
  'alt_texts',
  'handle',
  'translations',
];

async function readCatalogue(connection: ShopifyConnection, threshold: number, read: CatalogueRead) {
  const total = await countShopifyProducts(connection);
  const method = total > threshold ? 'bulk' : 'pages';
  await read.onPlan({ method, total });
  if (method === 'bulk') return readShopifyBulk(connection, read);
  return shopifyCatalogue(await readShopifyPages(connection, read));
}

function open(url: URL, credentials: unknown, access: PlatformAccess): StoreClient {
  const { access_token } = credentialsSchema.parse(credentials);
  const connection: ShopifyConnection = {
    url,
    accessToken: access_token,
    network: access.network,
    onApiVersion: access.onApiVersion,
  };
  const threshold = access.shopifyBulkThreshold ?? DEFAULT_SHOPIFY_BULK_THRESHOLD;
  return {
    prove: () => proveShopify(connection),
    countProducts: () => countShopifyProducts(connection),
    readCatalogue: (read) => readCatalogue(connection, threshold, read),
    readLive: (refs, languages) => readShopifyLive(connection, refs, languages),
    write: (products) => writeShopifyProducts(connection, products),
    checkPush: (input) => checkShopifyPush(connection, input),
  };
}

export const shopifyPlatform: StorePlatform = {
  name: 'shopify',
  label: 'Shopify',
  apiVersion: SHOPIFY_API_VERSION,
  credentialsFrom: (input) => ({ platform: 'shopify', access_token: input.access_token! }),
  open,
  push: {
    chunkSize: 10,
    inFlight: 1,
    fields: (isVariant) => (isVariant ? null : PRODUCT_FIELDS),
    description: (html) => html,
    refusal: () => null,
  },
};
