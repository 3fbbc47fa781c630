// view-bundle-log: a run's log entries, or one product's, oldest first.
import { and, desc, eq } from 'drizzle-orm';
import type { LogEntry } from '../../../common/contract/entities';
import type { Queryable } from '../../db/client';
import { logs } from '../../db/schema';
import { requireOwnedRun } from '../../leaves/ownership/lookups';
import { RESERVED_NOT_SETTLED } from '../../leaves/run-log/run-log';

/** A whole run's log can be large; it returns the newest entries up to this many. */
export const RUN_LOG_LIMIT = 2_000;

export async function readRunLog(
  db: Queryable,
  ownerId: string,
  bundleWorkflowId: number,
  productId?: number,
): Promise<LogEntry[]> {
  await requireOwnedRun(db, ownerId, bundleWorkflowId);
  const rows = await db
    .select()
    .from(logs)
    .where(
      productId === undefined
        ? eq(logs.bundleWorkflowId, bundleWorkflowId)
        : and(eq(logs.bundleWorkflowId, bundleWorkflowId), eq(logs.productId, productId)),
    )
    .orderBy(desc(logs.id))
    .limit(RUN_LOG_LIMIT);
  return rows.reverse().map(toLogEntry);
}

function toLogEntry(row: typeof logs.$inferSelect): LogEntry {
  const base = {
    id: row.id,
    bundle_workflow_id: row.bundleWorkflowId,
    product_id: row.productId,
    created_at: row.createdAt.toISOString(),
  };
  const details = row.details as {
    additional?: Record<string, unknown>;
    response?: unknown;
    bundle_id?: number;
  };
  if (row.type === 'ai') {
    return {
      ...base,
      type: 'ai',
      event: row.event ?? undefined,
      response: details.response as Extract<LogEntry, { type: 'ai' }>['response'],
      bundle_id: details.bundle_id ?? 0,
      cost: row.cost,
      // A call sent but never answered (the process died): counted at its reserved cost, and said so.
      additional:
        row.callState === 'started'
          ? { ...details.additional, call_state: RESERVED_NOT_SETTLED }
          : details.additional,
    };
  }
  return { ...base, type: 'general', event: row.event ?? '', additional: details.additional ?? {} };
}
