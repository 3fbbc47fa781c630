// The import-store job: reads a connected store's whole catalogue through its platform (pages of products, or
// for a Shopify catalogue over SHOPIFY_BULK_THRESHOLD products one bulk operation), reporting the products read
// after each page or poll, then fills the bundle and its run in one transaction (fill-import.ts). Nothing of
// the catalogue is written before that transaction, so a worker that dies mid-read leaves nothing to undo: the
// retried job reads again from the start (a Shopify bulk operation already started is waited for, not started
// again), and the transaction, which locks the import and fills it only while it is running, cannot fill a
// bundle twice. A store's refusal, a catalogue over the limit or a store since disconnected fails the import
// with the reason, which view-bundle-workflow shows; other errors are retried, and fail it on the last attempt,
// and so is a throttled store unless it asks for an absurd wait (isRetriedLater).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { BUNDLE_LIMITS } from '../../../common/contract/constants';
import type { Database } from '../../db/client';
import { bundles, storeImports } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import type { Logger } from '../../leaves/logger/logger';
import { fillImport } from './fill-import';
import { openOwnedStore } from './owned-stores';
import { PLATFORMS } from './platforms';
import type { StoreAccess } from './store-access';
import { isRetriedLater, type JobAttempt, StoreApiError } from './store-api-error';
import { asBadInput, storeClient } from './store-connection';
import { StoreRequestError } from './store-request';

export async function runImport(
  db: Database,
  access: StoreAccess,
  importId: number,
  attempt: JobAttempt = { attempt: 1, maxAttempts: 1 },
  log?: Logger,
): Promise<void> {
  const [row] = await db
    .select({
      state: storeImports.state,
      ownerId: storeImports.ownerId,
      storeId: storeImports.storeId,
      bundleId: storeImports.bundleId,
      bulkOperationId: storeImports.bulkOperationId,
      deletedAt: bundles.deletedAt,
    })
    .from(storeImports)
    .innerJoin(bundles, eq(bundles.id, storeImports.bundleId))
    .where(eq(storeImports.id, importId));
  if (!row || row.state === 'done' || row.state === 'failed') return;
  if (row.deletedAt) return fail(db, importId, 'The bundle was deleted during the import.');
  if (row.storeId === null) return fail(db, importId, 'The store was disconnected during the import.');
  // A retried attempt starts its count again: it reads the catalogue again.
  await db
    .update(storeImports)
    .set({ state: 'running', productsRead: 0, error: null })
    .where(and(eq(storeImports.id, importId), inArray(storeImports.state, ['queued', 'running'])));
  // The platform's name for a store that no longer answers as one, once the store is opened.
  let label = 'store';
  try {
    const store = await openOwnedStore(db, row.ownerId, row.storeId, access);
    label = PLATFORMS[store.platform].label;
    const catalogue = await storeClient(store, access, db).readCatalogue({
      maxProducts: BUNDLE_LIMITS.maxProducts,
      onProgress: (read) => progress(db, importId, read),
      operationId: row.bulkOperationId,
      onStarted: async (operationId) => {
        await db
          .update(storeImports)
          .set({ bulkOperationId: operationId })
          .where(eq(storeImports.id, importId));
      },
      onPlan: async ({ method, total }) => {
        await db
          .update(storeImports)
          .set(total === undefined ? { method } : { method, productsTotal: total })
          .where(eq(storeImports.id, importId));
      },
    });
    await fillImport(db, importId, store.id, catalogue);
  } catch (error) {
    const isStoreFailure =
      error instanceof StoreApiError || error instanceof StoreRequestError || error instanceof AppError;
    if (!isStoreFailure && attempt.attempt < attempt.maxAttempts) throw error;
    // Thrown, a throttled import waits for the queue's retry with its worker slot free.
    if (error instanceof StoreApiError && isRetriedLater(error, attempt)) throw error;
    const reason = asBadInput(error, label);
    const message =
      error instanceof AppError && error.type === 'unknown_store'
        ? 'The store was disconnected during the import.'
        : reason instanceof Error
          ? reason.message
          : String(reason);
    await fail(db, importId, message);
    log?.warn({ importId, error: message }, 'A store import failed');
  }
}

async function progress(db: Database, importId: number, read: number): Promise<void> {
  await db
    .update(storeImports)
    .set({ productsRead: read })
    .where(and(eq(storeImports.id, importId), eq(storeImports.state, 'running')));
}

async function fail(db: Database, importId: number, message: string): Promise<void> {
  await db
    .update(storeImports)
    .set({ state: 'failed', error: message, finishedAt: sql`now()` })
    .where(and(eq(storeImports.id, importId), inArray(storeImports.state, ['queued', 'running'])));
}
