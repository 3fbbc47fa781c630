// A big Shopify catalogue read with one bulk operation: bulkOperationRunQuery runs the products,
// variants and media query on Shopify's side, the operation is polled with node(id:) until COMPLETED, and the
// JSONL file at its `url` is streamed, line by line, into the import's transaction and the products rebuilt
// from it a chunk at a time (shopify-bulk-lines.ts). https://shopify.dev/docs/api/usage/bulk-operations/queries
// A bulk query allows five connections nested two deep, so a variant's image is its `image` field here (the
// paged query reads the variant's first media instead); both give the image's URL.
import type { Queryable } from '../../../db/client';
import { type ChunkedCatalogue, type PullOptions, tooManyProducts } from '../pulled-catalogue';
import { StoreApiError, sleep } from '../store-api-error';
import { storeStream } from '../store-request';
import {
  type BulkOperation,
  bulkOperationAnswer,
  currentBulkOperationAnswer,
  runBulkQueryAnswer,
} from './shopify-answers';
import { type ShopifyConnection, shopifyGraphql } from './shopify-api';
import { spillBulkLines, spilledProducts } from './shopify-bulk-lines';
import { BULK_OPERATION, BULK_PRODUCTS, CURRENT_BULK_OPERATION, RUN_BULK_QUERY } from './shopify-documents';
import { shopifyCatalogue } from './shopify-rows';

const FIRST_POLL_MS = 250;
const MAX_POLL_MS = 5_000;
const MAX_WAIT_FOR_OTHER_MS = 30 * 60_000;

export type BulkReadOptions = PullOptions & {
  /** The operation an earlier attempt of this import started: waited for instead of starting another. */
  operationId?: string | null;
  /** Called once the operation is started, before it is polled, so that a restart can find it. */
  onStarted?: (operationId: string) => Promise<void>;
};

export async function readShopifyBulk(
  connection: ShopifyConnection,
  options: BulkReadOptions,
): Promise<ChunkedCatalogue> {
  const { signal } = options;
  let operation = options.operationId ? await poll(connection, options.operationId, signal) : null;
  if (!operation) operation = await start(connection, options);
  for (let wait = FIRST_POLL_MS; ; wait = Math.min(wait * 2, MAX_POLL_MS)) {
    if (operation.status === 'COMPLETED') break;
    if (operation.status !== 'CREATED' && operation.status !== 'RUNNING') {
      throw new StoreApiError(
        'api',
        `Shopify's bulk operation ended ${operation.status}${operation.errorCode ? ` (${operation.errorCode})` : ''}.`,
      );
    }
    const roots = Number(operation.rootObjectCount ?? 0);
    if (roots > options.maxProducts) throw new StoreApiError('api', tooManyProducts(options.maxProducts));
    await options.onProgress?.(roots);
    await sleep(wait, signal);
    const next = await poll(connection, operation.id, signal);
    if (!next) throw new StoreApiError('api', `Shopify no longer knows the bulk operation ${operation.id}.`);
    operation = next;
  }
  await options.onProgress?.(Number(operation.rootObjectCount ?? 0));
  const url = operation.url;
  return {
    format: 'shopify',
    chunks: (tx) => bulkChunks(connection, url, tx, options),
  };
}

/** The result file's products, streamed into `tx` and handed on a chunk at a time; one empty chunk for none. */
async function* bulkChunks(
  connection: ShopifyConnection,
  url: string | null,
  tx: Queryable,
  options: BulkReadOptions,
) {
  // No object at all: Shopify leaves the url null.
  if (!url) {
    yield shopifyCatalogue([]);
    return;
  }
  const response = await storeStream(connection.network, new URL(url), {
    method: 'GET',
    headers: { accept: 'application/jsonl' },
  });
  if (response.status !== 200) {
    response.close();
    throw new StoreApiError(
      'api',
      `Shopify's bulk result could not be downloaded (status ${response.status}).`,
    );
  }
  await spillBulkLines(tx, response.body, options.maxProducts);
  let any = false;
  for await (const products of spilledProducts(tx)) {
    any = true;
    yield shopifyCatalogue(products);
  }
  if (!any) yield shopifyCatalogue([]);
}

/**
 * Starts the bulk query. Before API 2026-01 a shop runs one bulk query at a time: when another is in progress
 * (another import of the same store, or another tool of the merchant's) this waits for it to end, polling
 * currentBulkOperation, and starts again, for up to MAX_WAIT_FOR_OTHER_MS.
 */
async function start(connection: ShopifyConnection, options: BulkReadOptions): Promise<BulkOperation> {
  const deadline = Date.now() + MAX_WAIT_FOR_OTHER_MS;
  for (let wait = FIRST_POLL_MS; ; wait = Math.min(wait * 2, MAX_POLL_MS)) {
    const started = await tryStart(connection, options);
    if (started) return started;
    if (Date.now() > deadline) {
      throw new StoreApiError('api', 'Another bulk query kept running on the store for 30 minutes.');
    }
    for (;;) {
      await sleep(wait, options.signal);
      const current = await shopifyGraphql(
        connection,
        CURRENT_BULK_OPERATION,
        currentBulkOperationAnswer,
        {},
        options.signal,
      );
      const status = current.currentBulkOperation?.status;
      if (status !== 'CREATED' && status !== 'RUNNING' && status !== 'CANCELING') break;
      if (Date.now() > deadline) break;
    }
  }
}

/** The operation started, or null when another bulk query is in progress on the shop. */
async function tryStart(
  connection: ShopifyConnection,
  options: BulkReadOptions,
): Promise<BulkOperation | null> {
  const data = await shopifyGraphql(
    connection,
    RUN_BULK_QUERY,
    runBulkQueryAnswer,
    { query: BULK_PRODUCTS },
    options.signal,
  );
  const { bulkOperation, userErrors } = data.bulkOperationRunQuery;
  if (userErrors.some((error) => error.code === 'OPERATION_IN_PROGRESS')) return null;
  if (!bulkOperation || userErrors.length > 0) {
    const why = userErrors.map((error) => error.message).join('; ') || 'no operation';
    throw new StoreApiError('api', `Shopify refused the bulk query: ${why}`);
  }
  await options.onStarted?.(bulkOperation.id);
  return { errorCode: null, objectCount: '0', rootObjectCount: '0', url: null, ...bulkOperation };
}

async function poll(
  connection: ShopifyConnection,
  id: string,
  signal?: AbortSignal,
): Promise<BulkOperation | null> {
  const data = await shopifyGraphql(connection, BULK_OPERATION, bulkOperationAnswer, { id }, signal);
  return data.node && 'status' in data.node ? data.node : null;
}
