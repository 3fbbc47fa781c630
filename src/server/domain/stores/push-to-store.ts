// push-to-store and undo-push: journal what will be written, then leave the writing to a job.
// A push journals the preview's changes (before = the store's value now, after = ours) and records the
// conflicts as skipped; an undo journals the written fields of a push the other way round, so the same job
// writes the before values back only where the store still holds ours.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { storePushes, storePushItems } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { requireOwnedPush } from '../../leaves/ownership/lookups';
import { queuePush } from '../../leaves/queue/push-jobs';
import { openOwnedStore } from './owned-stores';
import { PLATFORMS } from './platforms';
import { type PushInput, previewPush } from './push-plan';
import type { StoreAccess } from './store-access';

export async function pushToStore(
  db: Database,
  ownerId: string,
  input: PushInput,
  access: StoreAccess,
): Promise<number> {
  // No read of the store here: the import's (or the last push's) values stand as `before`, journaled
  // `unread`, and the job's reread right before writing checks them as the preview does.
  const { changes, store, planned } = await previewPush(db, ownerId, input, access, { stored: true });
  const refOf = new Map(planned.map((product) => [product.bundleWorkflowProductId, product]));
  return db.transaction(async (tx) => {
    const [push] = await tx
      .insert(storePushes)
      .values({
        ownerId,
        storeId: store.id,
        bundleWorkflowId: input.bundle_workflow_id,
        kind: 'push',
        apiVersion: PLATFORMS[store.platform].apiVersion,
      })
      .returning({ id: storePushes.id });
    const items = changes.map((change) => {
      const ref = refOf.get(change.bundle_workflow_product_id)!;
      return {
        pushId: push!.id,
        bundleWorkflowProductId: change.bundle_workflow_product_id,
        remoteProductId: ref.remoteProductId,
        remoteVariantId: ref.remoteVariantId,
        field: change.field,
        before: change.before,
        after: change.after,
        status: change.conflict
          ? ('skipped' as const)
          : ref.stored
            ? ('unread' as const)
            : ('pending' as const),
        error: change.conflict,
      };
    });
    await insertItems(tx, items);
    await queuePush(tx, { pushId: push!.id, storeId: store.id });
    return push!.id;
  });
}

export async function undoPush(
  db: Database,
  ownerId: string,
  pushId: number,
  access: StoreAccess,
): Promise<number> {
  const push = await requireOwnedPush(db, ownerId, pushId);
  if (push.kind !== 'push') throw new AppError('bad_input', 'push_id names an undo; undo the push itself.');
  if (push.state !== 'done' && push.state !== 'failed') {
    throw new AppError('conflict', 'The push is still running; undo it once it has finished.');
  }
  const store = await openOwnedStore(db, ownerId, push.storeId, access);
  const written = await db
    .select()
    .from(storePushItems)
    .where(and(eq(storePushItems.pushId, pushId), eq(storePushItems.status, 'written')))
    .orderBy(asc(storePushItems.id));
  return db.transaction(async (tx) => {
    const [undo] = await tx
      .insert(storePushes)
      .values({
        ownerId,
        storeId: push.storeId,
        bundleWorkflowId: push.bundleWorkflowId,
        kind: 'undo',
        undoOf: push.id,
        apiVersion: PLATFORMS[store.platform].apiVersion,
      })
      .returning({ id: storePushes.id });
    await insertItems(
      tx,
      written.map((item) => ({
        pushId: undo!.id,
        bundleWorkflowProductId: item.bundleWorkflowProductId,
        remoteProductId: item.remoteProductId,
        remoteVariantId: item.remoteVariantId,
        field: item.field,
        before: item.after,
        after: item.before,
        redirectId: item.redirectId,
      })),
    );
    await queuePush(tx, { pushId: undo!.id, storeId: push.storeId });
    return undo!.id;
  });
}

type JournalRow = typeof storePushItems.$inferInsert;

/**
 * The whole journal in one INSERT: one array a column (unnest), so no parameter limit and no query built row
 * by row, whatever the catalogue's size.
 */
async function insertItems(tx: Queryable, items: JournalRow[]): Promise<void> {
  if (items.length === 0) return;
  const column = <T>(pick: (item: JournalRow) => T) => sql.param(items.map(pick));
  await tx.execute(sql`
    insert into ${storePushItems}
      (push_id, bundle_workflow_product_id, remote_product_id, remote_variant_id, field, before, after,
       status, error, redirect_id)
    select * from unnest(
      ${column((i) => i.pushId)}::int[], ${column((i) => i.bundleWorkflowProductId)}::int[],
      ${column((i) => i.remoteProductId)}::text[], ${column((i) => i.remoteVariantId ?? null)}::text[],
      ${column((i) => i.field)}::text[], ${column((i) => i.before)}::text[], ${column((i) => i.after)}::text[],
      ${column((i) => i.status ?? 'pending')}::text[], ${column((i) => i.error ?? null)}::text[],
      ${column((i) => i.redirectId ?? null)}::text[])`);
}
