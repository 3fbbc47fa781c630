// Who may act in a workspace: its members, each with a role. A workspace the caller never belonged to
// answers unknown_workspace exactly as a missing one does (ids reveal nothing); a member who was removed is
// told so with 403, from their very next call.
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { WorkspaceRole } from '../../../common/contract/functions/workspaces';
import type { Queryable } from '../../db/client';
import { workspaceMembers } from '../../db/schema';
import { AppError } from '../app-error/app-error';

export type Membership = { workspaceId: string; userId: string; role: WorkspaceRole };

/** The condition for a user's row in a workspace's members, removed or not. */
export function memberRowOf(workspaceId: string, userId: string): SQL {
  return and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId))!;
}

/** A member row matched to columns of the outer query (a run's workspace and starter), for a subquery. */
export function memberOfColumns(workspaceColumn: AnyPgColumn, userColumn: AnyPgColumn): SQL {
  return sql`${workspaceMembers.workspaceId} = ${workspaceColumn} and ${workspaceMembers.userId} = ${userColumn}`;
}

/** The workspaces a user is a member of now (their rows in workspace_members, not removed). */
export function liveMembershipsOf(userId: string): SQL {
  return and(eq(workspaceMembers.userId, userId), isNull(workspaceMembers.removedAt))!;
}

/** A workspace's members now, not those removed. */
export function liveMembersOf(workspaceId: string): SQL {
  return and(eq(workspaceMembers.workspaceId, workspaceId), isNull(workspaceMembers.removedAt))!;
}

export async function requireMembership(
  db: Queryable,
  userId: string,
  workspaceId: string,
): Promise<Membership> {
  const [row] = await db
    .select({ role: workspaceMembers.role, removedAt: workspaceMembers.removedAt })
    .from(workspaceMembers)
    .where(memberRowOf(workspaceId, userId));
  if (!row) throw new AppError('unknown_workspace', `There is no workspace "${workspaceId}".`);
  if (row.removedAt) {
    throw new AppError(
      'forbidden',
      'You are no longer a member of this workspace: its owner removed you. Switch to another workspace.',
    );
  }
  return { workspaceId, userId, role: row.role };
}
