// import-store (issue 24): a connected store's catalogue, read through its API, becomes a bundle exactly as
// its product export would (the same mapper, variants and store copy), and each product keeps the store's
// ids, image ids and the time the store last changed it, in the same transaction as the bundle.
import Papa from 'papaparse';
import { BUNDLE_LIMITS } from '../../common/constants';
import type { ParsedFunctionRequest } from '../../common/functions';
import { type CreatedBundle, createBundle } from '../bundles/create-bundle';
import { parseStoreExport } from '../bundles/parse-store-export';
import type { Database, Queryable } from '../db/client';
import { storeProducts } from '../db/schema';
import { openOwnedStore } from './owned-stores';
import type { PulledCatalogue } from './pulled-catalogue';
import { pullShopifyCatalogue } from './shopify-catalogue';
import type { StoreAccess } from './store-access';
import { asBadInput, type StoreClient, storeClient } from './store-connection';
import { pullWooCommerceCatalogue } from './woocommerce-catalogue';

export async function importStore(
  db: Database,
  ownerId: string,
  input: ParsedFunctionRequest<'import-store'>,
  access: StoreAccess,
  hasApiKey: boolean,
): Promise<CreatedBundle & { products: number }> {
  const store = await openOwnedStore(db, ownerId, input.store_id, access);
  let catalogue: PulledCatalogue;
  try {
    catalogue = await pullCatalogue(storeClient(store.url, store.credentials, access));
  } catch (error) {
    throw asBadInput(error, store.platform);
  }
  const list = parseStoreExport(catalogue.format, Papa.unparse(catalogue.rows));
  if (list.products.length !== catalogue.records.length) {
    throw new Error(
      `The store's catalogue mapped to ${list.products.length} products for ${catalogue.records.length} records.`,
    );
  }
  list.products.forEach((product, index) => {
    const altTexts = catalogue.altTextsByRecord.get(index);
    if (altTexts) product.storeCopy = { ...product.storeCopy, alt_texts: altTexts };
  });
  const link = async (tx: Queryable, productIds: number[]) => {
    const rows = productIds.map((productId, index) => ({
      productId,
      storeId: store.id,
      remoteProductId: catalogue.records[index]!.remoteProductId,
      remoteVariantId: catalogue.records[index]!.remoteVariantId,
      remoteUpdatedAt: catalogue.records[index]!.remoteUpdatedAt,
      remoteImageIds: list.products[index]!.imageUrls.map((url) => catalogue.imageIdByUrl.get(url) ?? ''),
    }));
    for (let start = 0; start < rows.length; start += 2_000) {
      await tx.insert(storeProducts).values(rows.slice(start, start + 2_000));
    }
  };
  const created = await createBundle(
    db,
    ownerId,
    {
      bundle_name: input.bundle_name,
      custom_fields: input.custom_fields ?? {
        keywords: '',
        url_template: '',
        business_type: '',
        tone_of_voice: '',
      },
      workflow_id: input.workflow_id,
      fill_empty_only: input.fill_empty_only,
    },
    hasApiKey,
    { columns: list.columns, parsed: list.products, storeParents: list.parentOf, link },
  );
  return { ...created, products: list.products.length };
}

function pullCatalogue(client: StoreClient): Promise<PulledCatalogue> {
  return client.platform === 'shopify'
    ? pullShopifyCatalogue(client.connection, BUNDLE_LIMITS.maxProducts)
    : pullWooCommerceCatalogue(client.connection, BUNDLE_LIMITS.maxProducts);
}
