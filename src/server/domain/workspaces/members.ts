// A workspace's members: listing them with the invitations still open, changing a role or budget, and
// removing one. Removal keeps the member's row (marked) and everything they made, revokes their API keys in
// the same transaction, and takes effect on their next call (authenticate reads the row every call).
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { WorkspaceRole } from '../../../common/contract/functions/workspaces';
import type { Database, Queryable } from '../../db/client';
import { apiKeys, user, workspaceInvites, workspaceMembers, workspaces } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { liveApiKeysMadeBy } from '../../leaves/ownership/conditions';
import { liveMembersOf, type Membership, memberRowOf } from '../../leaves/ownership/membership';

const iso = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function listMembers(db: Queryable, workspaceId: string) {
  const members = await db
    .select({
      user_id: workspaceMembers.userId,
      name: user.name,
      email: user.email,
      role: workspaceMembers.role,
      monthly_budget_usd: workspaceMembers.monthlyBudgetUsd,
      joined_at: iso(workspaceMembers.joinedAt),
    })
    .from(workspaceMembers)
    .innerJoin(user, eq(user.id, workspaceMembers.userId))
    .where(liveMembersOf(workspaceId))
    .orderBy(asc(workspaceMembers.joinedAt), asc(user.email));
  const invites = await db
    .select({
      invite_id: workspaceInvites.id,
      email: workspaceInvites.email,
      role: workspaceInvites.role,
      expires_at: iso(workspaceInvites.expiresAt),
    })
    .from(workspaceInvites)
    .where(openInvitesOf(workspaceId))
    .orderBy(asc(workspaceInvites.id));
  return { members, invites };
}

/** Invitations of the workspace not yet accepted, revoked or expired. */
export function openInvitesOf(workspaceId: string) {
  const i = workspaceInvites;
  return and(
    eq(i.workspaceId, workspaceId),
    isNull(i.acceptedAt),
    isNull(i.revokedAt),
    gt(i.expiresAt, sql`now()`),
  );
}

/** A member of the owner's workspace now, with whether it is their personal one. */
async function requireMember(tx: Queryable, owner: Membership, userId: string) {
  const [row] = await tx
    .select({ role: workspaceMembers.role, email: user.email, personalOf: workspaces.personalOf })
    .from(workspaceMembers)
    .innerJoin(user, eq(user.id, workspaceMembers.userId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(memberRowOf(owner.workspaceId, userId), isNull(workspaceMembers.removedAt)));
  if (!row) throw new AppError('bad_input', `user_id: ${userId} is not a member of this workspace.`);
  return row;
}

function refusePersonalOwner(row: { personalOf: string | null }, userId: string): void {
  if (row.personalOf === userId) {
    throw new AppError('bad_input', 'user_id: a personal workspace keeps its own person as owner.');
  }
}

/** Refuses leaving a workspace without an owner. */
async function refuseLastOwner(tx: Queryable, workspaceId: string, userId: string): Promise<void> {
  const [other] = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(
      and(
        liveMembersOf(workspaceId),
        eq(workspaceMembers.role, 'owner'),
        ne(workspaceMembers.userId, userId),
      ),
    )
    .limit(1);
  if (!other) throw new AppError('bad_input', 'A workspace needs an owner: make another member owner first.');
}

export type MemberChange = {
  role?: WorkspaceRole | undefined;
  monthly_budget_usd?: number | null | undefined;
};

/** The owner changes a member's role or budget. Answers the member's email and old role, for the audit log. */
export async function setMember(db: Database, owner: Membership, userId: string, change: MemberChange) {
  return db.transaction(async (tx) => {
    const row = await requireMember(tx, owner, userId);
    if (change.role !== undefined) refusePersonalOwner(row, userId);
    if (change.role !== undefined && change.role !== 'owner' && row.role === 'owner') {
      await refuseLastOwner(tx, owner.workspaceId, userId);
    }
    await tx
      .update(workspaceMembers)
      .set({
        ...(change.role === undefined ? {} : { role: change.role }),
        ...(change.monthly_budget_usd === undefined ? {} : { monthlyBudgetUsd: change.monthly_budget_usd }),
      })
      .where(memberRowOf(owner.workspaceId, userId));
    return { email: row.email, previousRole: row.role };
  });
}

/** Removes a member and revokes their keys here, in one transaction. Answers how many keys were revoked. */
export async function removeMember(db: Database, owner: Membership, userId: string) {
  return db.transaction(async (tx) => {
    const row = await requireMember(tx, owner, userId);
    refusePersonalOwner(row, userId);
    if (row.role === 'owner') await refuseLastOwner(tx, owner.workspaceId, userId);
    await tx
      .update(workspaceMembers)
      .set({ removedAt: sql`now()` })
      .where(memberRowOf(owner.workspaceId, userId));
    const revoked = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(liveApiKeysMadeBy(owner.workspaceId, userId))
      .returning({ id: apiKeys.id });
    return { email: row.email, role: row.role, apiKeysRevoked: revoked.length };
  });
}
