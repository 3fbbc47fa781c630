// The audit log: who did what, to what, and when, per workspace. A row holds names, ids and counts, never a
// secret: the callers pass only a target and small particulars, and `detail` refuses anything shaped like a
// key, token or password (checkDetail), so a careless caller fails loudly instead of leaking into the log.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { AuditEvent } from '../../../common/contract/functions/workspaces';
import type { Queryable } from '../../db/client';
import { apiKeys, auditEvents, user } from '../../db/schema';

export type AuditDetail = Record<string, string | number | boolean | null>;

export type AuditEntry = {
  workspaceId: string;
  actorId: string;
  apiKeyId?: number | undefined;
  action: string;
  target: string;
  detail?: AuditDetail | undefined;
};

/** Words that name a secret, and values that look like one (our keys, webhook secrets, long random tokens). */
const SECRET_KEY = /secret|token|password|credential|api_key$|consumer_key/i;
const SECRET_VALUE = /^(cl_|whsec_|shpat_|ck_|cs_)[A-Za-z0-9_+/=-]{16,}|^[A-Za-z0-9_-]{40,}$/;

export function checkDetail(detail: AuditDetail): AuditDetail {
  for (const [key, value] of Object.entries(detail)) {
    if (SECRET_KEY.test(key) || (typeof value === 'string' && SECRET_VALUE.test(value))) {
      throw new Error(`audit detail "${key}" looks like a secret; the audit log never holds one`);
    }
  }
  return detail;
}

export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    workspaceId: entry.workspaceId,
    actorId: entry.actorId,
    actorName: sql`coalesce((select ${user.name} from ${user} where ${user.id} = ${entry.actorId}), '')`,
    apiKeyId: entry.apiKeyId ?? null,
    action: entry.action,
    target: entry.target,
    detail: entry.detail ? checkDetail(entry.detail) : null,
  });
}

/** A page of the workspace's events, newest first. */
export async function listAuditEvents(
  db: Queryable,
  workspaceId: string,
  page: { beforeId?: number | undefined; limit: number },
): Promise<{ events: AuditEvent[]; next_before_id: number | null }> {
  const e = auditEvents;
  const rows = await db
    .select({
      audit_event_id: e.id,
      actor: e.actorName,
      api_key_prefix: apiKeys.prefix,
      action: e.action,
      target: e.target,
      detail: e.detail,
      created_at: sql<string>`to_char(${e.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(e)
    .leftJoin(apiKeys, eq(apiKeys.id, e.apiKeyId))
    .where(and(eq(e.workspaceId, workspaceId), page.beforeId ? lt(e.id, page.beforeId) : undefined))
    .orderBy(desc(e.id))
    .limit(page.limit + 1);
  const events = rows.slice(0, page.limit).map((row) => ({ ...row, detail: row.detail ?? {} }));
  return {
    events,
    next_before_id: rows.length > page.limit ? (events.at(-1)?.audit_event_id ?? null) : null,
  };
}

/** Who made a function call: what a handler's context carries of it. */
export type AuditCaller = {
  db: Queryable;
  userId: string;
  workspaceId: string;
  apiKeyId?: number | undefined;
};

/**
 * A handler's line: the caller (and the API key it came through) did `action` to `target`, written after the
 * action succeeded, with what the handler knows of it. `workspaceId`: a workspace other than the call's own (the
 * one just made or joined).
 */
export function audit(
  caller: AuditCaller,
  action: string,
  target: string,
  detail?: AuditDetail,
  workspaceId: string = caller.workspaceId,
): Promise<void> {
  return recordAudit(caller.db, {
    workspaceId,
    actorId: caller.userId,
    apiKeyId: caller.apiKeyId,
    action,
    target,
    detail,
  });
}
