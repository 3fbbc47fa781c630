// The push-to-store job: writes a push's journal to the store, a chunk of products at a time.
// Right before writing, each product is read again: a field whose live value is no longer the journal's
// `before` was edited in the store meanwhile and is skipped, never overwritten; a field that already holds
// our `after` was written before a restart and is only recorded. So a push that is killed and run again
// neither skips nor repeats a product. Per-product errors are recorded and the rest goes on.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  bundleWorkflowProducts,
  type StoredValues,
  storeProducts,
  storePushes,
  storePushItems,
} from '../../db/schema';
import type { Logger } from '../../leaves/logger/logger';
import { emitPushCompleted } from '../../leaves/webhook-events/push-events';
import { forgetProductsExported, recordProductsExported } from '../search-data/record-export';
import { openOwnedStore } from './owned-stores';
import { type StoreClient, type StorePlatform, storedValuesOf, storeKey, type WriteResult } from './platform';
import { PLATFORMS } from './platforms';
import { type Item, type Outcome, type PlannedWrite, planWrites } from './push-checks';
import { chunksOf } from './push-chunks';
import { languagesOf, parseTranslationField } from './push-translations';
import type { StoreAccess } from './store-access';
import { isRetriedLater, type JobAttempt, StoreApiError } from './store-api-error';
import { storeClient } from './store-connection';
import { StoreRequestError } from './store-request';

const UNEXPECTED =
  'The push stopped on an unexpected error after its last retry; what it wrote is recorded. Try again, or undo it.';

/**
 * Runs (or finishes) a push; a failure the store will repeat marks the push failed instead of retrying, and so
 * does a throttled store on the job's last attempt or when it asks for an absurd wait.
 */
export async function runPush(
  db: Database,
  access: StoreAccess,
  pushId: number,
  attempt: JobAttempt = { attempt: 1, maxAttempts: 1 },
  log?: Logger,
): Promise<void> {
  const [push] = await db.select().from(storePushes).where(eq(storePushes.id, pushId));
  if (!push || push.state === 'done' || push.state === 'failed') return;
  await db.update(storePushes).set({ state: 'running' }).where(eq(storePushes.id, pushId));
  try {
    const store = await openOwnedStore(db, push.ownerId, push.storeId, access);
    const platform = PLATFORMS[store.platform];
    const client = storeClient(store, access, db);
    const groups = groupByProduct(await pendingItems(db, pushId));
    // A product's variants stay in its chunk where the platform asks (push-chunks.ts).
    const chunks = chunksOf(platform, groups);
    const undoneSince = push.undoOf === null ? null : await pushStartedAt(db, push.undoOf);
    // Chunks hold different products, so a few lanes can write at once, as many as the platform allows.
    await inLanes(chunks, platform.push.inFlight, (chunk) =>
      pushChunk(db, { platform, client }, chunk, push.kind === 'undo', undoneSince),
    );
    await finish(db, pushId, { state: 'done', finishedAt: new Date() });
  } catch (error) {
    const isStoreFailure = error instanceof StoreApiError || error instanceof StoreRequestError;
    if (!isStoreFailure) {
      // Anything else (the database away, a bug) is retried by the queue; on the last attempt the push ends
      // failed instead of showing `running` for ever, and the job still fails, with the error, for the logs.
      if (attempt.attempt >= attempt.maxAttempts) {
        log?.error({ pushId, err: error }, 'A push stopped on an unexpected error');
        await finish(db, pushId, { state: 'failed', error: UNEXPECTED, finishedAt: new Date() });
      }
      throw error;
    }
    // Thrown, a throttled push waits for the queue's retry with its worker slot free.
    if (error instanceof StoreApiError && isRetriedLater(error, attempt)) throw error;
    log?.warn({ pushId, kind: error.kind }, 'A push to a store failed');
    await finish(db, pushId, { state: 'failed', error: error.message, finishedAt: new Date() });
  }
}

/**
 * Runs `items` in `lanes` lanes, each taking the next item as soon as its last is done (one slow chunk does not
 * hold the others back). After a failure no lane takes another; the rest finish (each chunk is recorded whole)
 * before the first failure is thrown.
 */
async function inLanes<T>(items: T[], lanes: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let stopped = false;
  const lane = async () => {
    while (!stopped && next < items.length) {
      const item = items[next++]!;
      await run(item).catch((error: unknown) => {
        stopped = true;
        throw error;
      });
    }
  };
  const ends = await Promise.allSettled(Array.from({ length: Math.max(1, lanes) }, lane));
  const failure = ends.find((end) => end.status === 'rejected');
  if (failure) throw failure.reason;
}

/** The push's end and its push.completed event, together: a crash between them cannot lose the event. */
async function finish(db: Database, pushId: number, end: Partial<typeof storePushes.$inferInsert>) {
  await db.transaction(async (tx) => {
    await tx.update(storePushes).set(end).where(eq(storePushes.id, pushId));
    await emitPushCompleted(tx, pushId);
  });
}

/** The items still to write, with their product's clock as store_products holds it (push-checks.ts). */
async function pendingItems(db: Database, pushId: number): Promise<Item[]> {
  const rows = await db
    .select({ item: storePushItems, clock: storeProducts.remoteUpdatedAt })
    .from(storePushItems)
    .leftJoin(bundleWorkflowProducts, eq(bundleWorkflowProducts.id, storePushItems.bundleWorkflowProductId))
    .leftJoin(storeProducts, eq(storeProducts.productId, bundleWorkflowProducts.productId))
    .where(and(eq(storePushItems.pushId, pushId), inArray(storePushItems.status, ['pending', 'unread'])))
    .orderBy(asc(storePushItems.id));
  return rows.map(({ item, clock }) => ({ ...item, clock }));
}

function groupByProduct(items: Item[]): Item[][] {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const key = storeKey(item.remoteProductId, item.remoteVariantId);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()];
}

async function pushStartedAt(db: Database, pushId: number): Promise<Date | null> {
  const [push] = await db
    .select({ createdAt: storePushes.createdAt })
    .from(storePushes)
    .where(eq(storePushes.id, pushId));
  return push?.createdAt ?? null;
}

/** The products (bundle_workflow_products ids) that now hold at least one of our written fields. */
function writtenProducts(groups: Item[][], outcomes: Outcome[]): number[] {
  const written = new Set(outcomes.filter((o) => o.status === 'written').map((o) => o.id));
  const products = groups.flat().filter((item) => written.has(item.id));
  return [...new Set(products.map((item) => item.bundleWorkflowProductId))];
}

/** The store a chunk is written to: its platform's rules and its client. */
type Target = { platform: StorePlatform; client: StoreClient };
/** A written product's new clock, and its values at that clock (the live read with our writes on it). */
type Stamp = { bundleWorkflowProductId: number; updatedAt: string; stored: StoredValues };

async function pushChunk(
  db: Database,
  { platform, client }: Target,
  groups: Item[][],
  isUndo: boolean,
  undoneSince: Date | null,
) {
  const refs = groups.map((items) => ({
    remoteProductId: items[0]!.remoteProductId,
    remoteVariantId: items[0]!.remoteVariantId,
  }));
  const live = await client.readLive(refs, languagesOf(groups.flat().map((item) => item.field)));
  const { outcomes, writes } = planWrites(platform, groups, live, isUndo);
  await markRead(db, writes);
  const results = await client.write(writes.map((write) => write.product));
  writes.forEach((write, index) => {
    const result = results[index]!;
    for (const item of write.items) {
      outcomes.push({
        id: item.id,
        status: result.error ? 'failed' : 'written',
        error: result.error,
        redirectId: item.field === 'handle' && !isUndo ? result.redirectId : undefined,
      });
    }
  });
  const stamps = await writtenUpdatedAt(client, writes, results);
  await recordChunk(db, { groups, outcomes, stamps, isUndo, undoneSince });
}

/**
 * The unread items about to be written have passed the preview's check: from now on they are pending, so that
 * a restart after the write (whose own clock move would look like an edit) checks them by value alone.
 */
async function markRead(db: Database, writes: PlannedWrite[]): Promise<void> {
  const ids = writes.flatMap((write) => write.items.filter((i) => i.status === 'unread').map((i) => i.id));
  if (ids.length === 0) return;
  await db.update(storePushItems).set({ status: 'pending' }).where(inArray(storePushItems.id, ids));
}

/**
 * The store's new updatedAt for what was written, so that the next preview does not take our own write
 * for someone else's edit: from the write's own answer where it gave one (Shopify's productUpdate,
 * WooCommerce's batch), else read again.
 */
async function writtenUpdatedAt(
  client: StoreClient,
  writes: PlannedWrite[],
  results: WriteResult[],
): Promise<Stamp[]> {
  const written = writes.filter((_, index) => !results[index]!.error);
  const reread = written.filter((write) => !results[writes.indexOf(write)]!.updatedAt);
  const after = new Map<string, { updatedAt: string } | null>(
    reread.length > 0 ? await client.readLive(reread.map((write) => write.product)) : [],
  );
  for (const write of written) {
    const updatedAt = results[writes.indexOf(write)]!.updatedAt;
    if (updatedAt) {
      after.set(storeKey(write.product.remoteProductId, write.product.remoteVariantId), { updatedAt });
    }
  }
  return written.flatMap((write) => {
    const updatedAt = after.get(
      storeKey(write.product.remoteProductId, write.product.remoteVariantId),
    )?.updatedAt;
    if (!updatedAt) return [];
    const stored = storedValuesOf(write.product.live);
    // What the store keeps of ours (Yoast sanitises its meta), as a read at that clock would give it.
    // Translations are not kept: a push reads the store's every time (push-plan.ts storedOrLive).
    const keeps = write.product.live.keeps;
    for (const field of Object.keys(stored.values))
      if (parseTranslationField(field)) delete stored.values[field];
    for (const { field, after } of write.product.writes)
      if (!parseTranslationField(field)) stored.values[field] = keeps?.(field, after) ?? after;
    return [{ bundleWorkflowProductId: write.items[0]!.bundleWorkflowProductId, updatedAt, stored }];
  });
}

/**
 * The chunk's journal rows, its products' export dates and their new updatedAt, as one statement (data-modifying
 * WITHs, each on a table of its own): as atomic as a transaction, in one round trip instead of five.
 */
async function recordChunk(
  db: Database,
  chunk: {
    groups: Item[][];
    outcomes: Outcome[];
    stamps: Stamp[];
    isUndo: boolean;
    undoneSince: Date | null;
  },
) {
  const { groups, outcomes, stamps, isUndo, undoneSince } = chunk;
  const products = writtenProducts(groups, outcomes);
  // The copy left the app for the products a push wrote: their date for the before/after report.
  // An undo puts the store's copy back, so the date the undone push gave those products goes too.
  const exports =
    products.length === 0
      ? null
      : !isUndo
        ? recordProductsExported(products)
        : undoneSince
          ? forgetProductsExported(products, undoneSince)
          : null;
  await db.execute(sql`
    with journal as (
      update ${storePushItems} as i
      set status = v.status, error = v.error,
          written_at = case when v.status = 'written' then now() else null end,
          redirect_id = coalesce(v.redirect_id, i.redirect_id)
      from unnest(${sql.param(outcomes.map((o) => o.id))}::int[], ${sql.param(outcomes.map((o) => o.status))}::text[],
                  ${sql.param(outcomes.map((o) => o.error))}::text[],
                  ${sql.param(outcomes.map((o) => o.redirectId ?? null))}::text[]) as v(id, status, error, redirect_id)
      where i.id = v.id)
    ${exports ? sql`, exported as (${exports})` : sql``}
    ${stamps.length > 0 ? sql`, stamped as (${stampStatement(stamps)})` : sql``}
    select 1`);
}

/** The products' new clock, and their values with it only where the import kept them (a platform that reads instead has none). */
const stampStatement = (stamps: Stamp[]) => sql`
  update ${storeProducts} as sp set remote_updated_at = v.updated_at,
    remote_values = case when sp.remote_values is null then null else v.stored end
  from unnest(${sql.param(stamps.map((s) => s.bundleWorkflowProductId))}::int[],
              ${sql.param(stamps.map((s) => s.updatedAt))}::text[],
              ${sql.param(stamps.map((s) => JSON.stringify(s.stored)))}::jsonb[]) as v(bwp_id, updated_at, stored),
       ${bundleWorkflowProducts} as b
  where b.id = v.bwp_id and sp.product_id = b.product_id`;
