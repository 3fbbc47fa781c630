// view-push: a push's state and each field's result, for its owner only.
import { asc, eq } from 'drizzle-orm';
import type { FunctionResponse } from '../../../common/contract/functions';
import type { Queryable } from '../../db/client';
import { storePushItems } from '../../db/schema';
import { requireOwnedPush } from '../../leaves/ownership/lookups';

export async function viewPush(
  db: Queryable,
  ownerId: string,
  pushId: number,
): Promise<FunctionResponse<'view-push'>> {
  const push = await requireOwnedPush(db, ownerId, pushId);
  const items = await db
    .select()
    .from(storePushItems)
    .where(eq(storePushItems.pushId, pushId))
    .orderBy(asc(storePushItems.id));
  const count = (status: string) => items.filter((item) => item.status === status).length;
  return {
    push_id: push.id,
    kind: push.kind,
    state: push.state,
    error: push.error,
    done: count('written'),
    failed: count('failed'),
    skipped: count('skipped'),
    results: items.map((item) => ({
      bundle_workflow_product_id: item.bundleWorkflowProductId,
      field: item.field,
      status: item.status === 'unread' ? 'pending' : item.status,
      error: item.error,
    })),
  };
}
