// Workspaces a person belongs to, making one, and its settings. The personal workspace is made with the
// account (a trigger of migration 0020) and cannot be left or renamed away from being personal.
import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { WORKSPACE_LIMITS, type Workspace } from '../../../common/contract/functions/workspaces';
import type { Database, Queryable } from '../../db/client';
import { workspaceMembers, workspaces } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { liveMembershipsOf, type Membership, memberRowOf } from '../../leaves/ownership/membership';
import { reopenOwnApprovals } from '../review/review-state';

const liveMembers = sql<number>`(select count(*)::int from workspace_members m
  where m.workspace_id = ${workspaces.id} and m.removed_at is null)`;

function workspaceFields() {
  return {
    workspace_id: workspaces.id,
    name: workspaces.name,
    personal: sql<boolean>`${workspaces.personalOf} is not null`,
    role: workspaceMembers.role,
    require_other_reviewer: workspaces.requireOtherReviewer,
    monthly_budget_usd: workspaces.monthlyBudgetUsd,
    members: liveMembers,
  };
}

/** The workspaces the person is a member of: their personal one first, then by name. */
export async function listWorkspaces(db: Queryable, userId: string): Promise<Workspace[]> {
  return db
    .select(workspaceFields())
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(liveMembershipsOf(userId))
    .orderBy(sql`${workspaces.personalOf} is null`, workspaces.name, workspaces.id);
}

/** One workspace as its member sees it. */
export async function readWorkspace(db: Queryable, member: Membership): Promise<Workspace> {
  const [found] = await db
    .select(workspaceFields())
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(memberRowOf(member.workspaceId, member.userId));
  if (!found) throw new AppError('unknown_workspace', `There is no workspace "${member.workspaceId}".`);
  return found;
}

/** A new workspace (one per client, say), with its maker as owner. */
export async function newWorkspace(db: Database, userId: string, name: string): Promise<Workspace> {
  return db.transaction(async (tx) => {
    // One at a time per person, so two tabs cannot both slip under the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`workspaces:${userId}`}, 0))`);
    const [held] = await tx.select({ n: count() }).from(workspaceMembers).where(liveMembershipsOf(userId));
    if ((held?.n ?? 0) >= WORKSPACE_LIMITS.maxWorkspacesPerUser) {
      throw new AppError(
        'bad_input',
        `You belong to ${WORKSPACE_LIMITS.maxWorkspacesPerUser} workspaces, the most allowed.`,
      );
    }
    const id = `ws_${randomBytes(12).toString('base64url')}`;
    await tx.insert(workspaces).values({ id, name });
    await tx.insert(workspaceMembers).values({ workspaceId: id, userId, role: 'owner' });
    return readWorkspace(tx, { workspaceId: id, userId, role: 'owner' });
  });
}

export type WorkspaceSettings = {
  name?: string | undefined;
  require_other_reviewer?: boolean | undefined;
  monthly_budget_usd?: number | null | undefined;
};

/** The owner's settings: only those sent change. `reopened`: approvals the new rule sent back to pending. */
export async function setWorkspaceSettings(
  db: Database,
  member: Membership,
  input: WorkspaceSettings,
): Promise<{ workspace: Workspace; reopened: number }> {
  const changes = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.require_other_reviewer === undefined
      ? {}
      : { requireOtherReviewer: input.require_other_reviewer }),
    ...(input.monthly_budget_usd === undefined ? {} : { monthlyBudgetUsd: input.monthly_budget_usd }),
  };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ required: workspaces.requireOtherReviewer })
      .from(workspaces)
      .where(eq(workspaces.id, member.workspaceId))
      .for('update');
    if (Object.keys(changes).length > 0) {
      await tx.update(workspaces).set(changes).where(eq(workspaces.id, member.workspaceId));
    }
    const reopened =
      input.require_other_reviewer && !before?.required
        ? await reopenOwnApprovals(tx, member.workspaceId)
        : 0;
    return { workspace: await readWorkspace(tx, member), reopened };
  });
}
