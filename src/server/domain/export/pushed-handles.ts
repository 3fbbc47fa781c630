// The handles a push really changed in the store, read from the push journal: only a push with write_handles
// journals a `handle` field, and an undo journals the same field the other way round, so the store's handle
// now is the last written `after`, and the page's old address the first written `before`.
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { storePushes, storePushItems } from '../../db/schema';
import { pushOf } from '../../leaves/ownership/conditions';

/** A product's handle before the first push that changed it, and the one the store has now. */
export type HandleChange = { from: string; to: string };

/** Per run product, its handle change; a product pushed back to its old handle (an undo) has none. */
export async function pushedHandles(
  db: Queryable,
  ownerId: string,
  bundleWorkflowId: number,
): Promise<Map<number, HandleChange>> {
  const written = await db
    .select({
      productId: storePushItems.bundleWorkflowProductId,
      before: storePushItems.before,
      after: storePushItems.after,
    })
    .from(storePushItems)
    .innerJoin(storePushes, eq(storePushes.id, storePushItems.pushId))
    .where(
      and(
        pushOf(ownerId),
        eq(storePushes.bundleWorkflowId, bundleWorkflowId),
        eq(storePushItems.field, 'handle'),
        eq(storePushItems.status, 'written'),
      ),
    )
    .orderBy(asc(storePushItems.writtenAt), asc(storePushItems.id));
  const changes = new Map<number, HandleChange>();
  for (const item of written) {
    const known = changes.get(item.productId);
    changes.set(item.productId, { from: known?.from ?? item.before, to: item.after });
  }
  for (const [id, change] of changes) if (change.from === change.to) changes.delete(id);
  return changes;
}
