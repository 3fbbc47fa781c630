// push.completed: once a push or an undo to a connected store has finished, done or
// failed, its owner's endpoints hear of it with the counts view-push gives. A push finishes once, so its id
// is the dedupe key: a job run again after the state was set does not send the event twice.
import { count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { storePushes, storePushItems } from '../../db/schema';
import { emitWebhookEvent } from './emit';

export async function emitPushCompleted(db: Queryable, pushId: number): Promise<void> {
  const [push] = await db.select().from(storePushes).where(eq(storePushes.id, pushId));
  if (!push || (push.state !== 'done' && push.state !== 'failed')) return;
  const i = storePushItems;
  const [totals] = await db
    .select({
      done: count(sql`case when ${i.status} = 'written' then 1 end`),
      failed: count(sql`case when ${i.status} = 'failed' then 1 end`),
      skipped: count(sql`case when ${i.status} = 'skipped' then 1 end`),
    })
    .from(i)
    .where(eq(i.pushId, pushId));
  await emitWebhookEvent(
    db,
    push.ownerId,
    'push.completed',
    {
      push_id: push.id,
      kind: push.kind,
      undo_of: push.undoOf,
      store_id: push.storeId,
      bundle_workflow_id: push.bundleWorkflowId,
      state: push.state,
      error: push.error,
      counts: { done: totals?.done ?? 0, failed: totals?.failed ?? 0, skipped: totals?.skipped ?? 0 },
    },
    `push.completed:${push.id}`,
  );
}
