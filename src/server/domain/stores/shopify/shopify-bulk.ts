// A big Shopify catalogue read with one bulk operation: bulkOperationRunQuery runs the products,
// variants and media query on Shopify's side, the operation is polled with node(id:) until COMPLETED, and the
// JSONL file at its `url` is downloaded and the products rebuilt from it: a nested connection's objects are
// lines of their own that name their parent in `__parentId` (groupObjects: false, so not necessarily right
// after it). https://shopify.dev/docs/api/usage/bulk-operations/queries
// A bulk query allows five connections nested two deep, so a variant's image is its `image` field here (the
// paged query reads the variant's first media instead); both give the image's URL.
import type { z } from 'zod';
import { type PullOptions, tooManyProducts } from '../pulled-catalogue';
import { parseStoreAnswer, StoreApiError, sleep } from '../store-api-error';
import { storeRequest } from '../store-request';
import {
  type BulkOperation,
  bulkLine,
  bulkMedia,
  bulkOperationAnswer,
  bulkVariant,
  currentBulkOperationAnswer,
  productFields,
  runBulkQueryAnswer,
} from './shopify-answers';
import { type ShopifyConnection, shopifyGraphql } from './shopify-api';
import { BULK_OPERATION, BULK_PRODUCTS, CURRENT_BULK_OPERATION, RUN_BULK_QUERY } from './shopify-documents';
import { recordsOf, type ShopifyProduct } from './shopify-rows';

/** A JSONL file of 50,000 products with their variants and images; bigger is refused. */
const MAX_JSONL_BYTES = 1024 * 1024 * 1024;
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
): Promise<ShopifyProduct[]> {
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
  // No object at all: Shopify leaves the url null.
  if (!operation.url) return [];
  const response = await storeRequest(connection.network, new URL(operation.url), {
    method: 'GET',
    headers: { accept: 'application/jsonl' },
    maxBytes: MAX_JSONL_BYTES,
  });
  if (response.status !== 200) {
    throw new StoreApiError(
      'api',
      `Shopify's bulk result could not be downloaded (status ${response.status}).`,
    );
  }
  const products = productsFromJsonl(response.body, options.maxProducts);
  await options.onProgress?.(products.length);
  return products;
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

/** The products of a bulk result, in the file's order, each with its variants and images in theirs. */
export function productsFromJsonl(text: string, maxProducts: number): ShopifyProduct[] {
  const products = new Map<string, ShopifyProduct>();
  const children: z.infer<typeof bulkLine>[] = [];
  let records = 0;
  for (const [index, raw] of text.split('\n').entries()) {
    if (!raw.trim()) continue;
    const what = `Line ${index + 1} of Shopify's bulk result`;
    const line = parseStoreAnswer(bulkLine, jsonOrUndefined(raw), what);
    if (line.__parentId) {
      children.push(line);
      continue;
    }
    if (typeof line.id === 'string' && line.id.includes('/Product/')) {
      const product = parseStoreAnswer(productFields, line, what);
      products.set(line.id, { ...product, variants: [], media: [] });
    }
  }
  for (const child of children) {
    const parent = products.get(child.__parentId!);
    if (!parent || typeof child.id !== 'string') continue;
    const what = "A line of Shopify's bulk result";
    if (child.id.includes('/ProductVariant/')) {
      const { image, ...variant } = parseStoreAnswer(bulkVariant, child, what);
      parent.variants.push({ ...variant, imageUrl: image?.url ?? '' });
      if (++records > maxProducts) throw new StoreApiError('api', tooManyProducts(maxProducts));
    } else {
      const media = parseStoreAnswer(bulkMedia, child, what);
      if (media.image?.url) parent.media.push({ id: media.id, alt: media.alt ?? null, url: media.image.url });
    }
  }
  const list = [...products.values()];
  if (list.reduce((sum, product) => sum + recordsOf(product), 0) > maxProducts) {
    throw new StoreApiError('api', tooManyProducts(maxProducts));
  }
  return list;
}

/** A line's JSON, or undefined (which no schema takes) when it is not JSON. */
function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
