// Invitations: a signed, single-use link sent to one address through the same mail queue as sign-in mail.
// The link's token is 32 random bytes; only its SHA-256 is stored, so the table cannot be read for links.
// Accepting needs a signed-in person with that email address (the second factor was asked at sign-in).
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  WORKSPACE_LIMITS,
  type Workspace,
  type WorkspaceRole,
} from '../../../common/contract/functions/workspaces';
import type { Database, Queryable } from '../../db/client';
import { user, workspaceInvites, workspaceMembers, workspaces } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { liveMembersOf, type Membership } from '../../leaves/ownership/membership';
import { createMailQueue } from '../../leaves/queue/mail-jobs';
import { openInvitesOf } from './members';
import { readWorkspace } from './workspaces';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY_MS = 24 * 60 * 60 * 1000;

export type InviteInput = { email: string; role: WorkspaceRole };

/** The owner invites an address; an open invitation to it is replaced, so only the newest link works. */
export async function inviteMember(db: Database, owner: Membership, input: InviteInput, appUrl: string) {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`invites:${owner.workspaceId}`}, 0))`,
    );
    const [already] = await tx
      .select({ email: user.email })
      .from(workspaceMembers)
      .innerJoin(user, eq(user.id, workspaceMembers.userId))
      .where(and(liveMembersOf(owner.workspaceId), sql`lower(${user.email}) = ${input.email}`));
    if (already)
      throw new AppError('bad_input', `email: ${input.email} is already a member of this workspace.`);
    await tx
      .update(workspaceInvites)
      .set({ revokedAt: sql`now()` })
      .where(and(openInvitesOf(owner.workspaceId), eq(workspaceInvites.email, input.email)));
    await refuseFullWorkspace(tx, owner.workspaceId);
    const token = randomBytes(32).toString('base64url');
    const [invite] = await tx
      .insert(workspaceInvites)
      .values({
        workspaceId: owner.workspaceId,
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: owner.userId,
        expiresAt: new Date(Date.now() + WORKSPACE_LIMITS.inviteDays * DAY_MS),
      })
      .returning();
    await createMailQueue(tx).send(await inviteMail(tx, owner, input, `${appUrl}/invite?token=${token}`));
    return {
      invite_id: invite!.id,
      email: invite!.email,
      role: invite!.role,
      expires_at: invite!.expiresAt.toISOString(),
    };
  });
}

async function refuseFullWorkspace(tx: Queryable, workspaceId: string) {
  const [members] = await tx.select({ n: count() }).from(workspaceMembers).where(liveMembersOf(workspaceId));
  const [invites] = await tx.select({ n: count() }).from(workspaceInvites).where(openInvitesOf(workspaceId));
  if ((members?.n ?? 0) + (invites?.n ?? 0) >= WORKSPACE_LIMITS.maxMembers) {
    throw new AppError(
      'bad_input',
      `A workspace holds at most ${WORKSPACE_LIMITS.maxMembers} members and invitations.`,
    );
  }
}

async function inviteMail(tx: Queryable, owner: Membership, input: InviteInput, link: string) {
  const [found] = await tx
    .select({ inviter: user.name, workspace: workspaces.name })
    .from(workspaces)
    .innerJoin(user, eq(user.id, owner.userId))
    .where(eq(workspaces.id, owner.workspaceId));
  return {
    kind: 'workspace-invite' as const,
    to: input.email,
    subject: `${found?.inviter ?? 'Someone'} invited you to ${found?.workspace ?? 'a workspace'} on Copyloom`,
    text: [
      `${found?.inviter ?? 'Someone'} invited you to the workspace "${found?.workspace}" on Copyloom, as ${input.role}.`,
      '',
      `Open this link to join. It works once, for ${WORKSPACE_LIMITS.inviteDays} days, and only for ${input.email}:`,
      link,
      '',
      'If you did not expect this, ignore this message.',
    ].join('\n'),
  };
}

/** The signed-in person joins the workspace the token invites them to, with its role. */
export async function acceptInvite(db: Database, userId: string, token: string): Promise<Workspace> {
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(workspaceInvites)
      .where(
        and(
          eq(workspaceInvites.tokenHash, hashToken(token)),
          isNull(workspaceInvites.acceptedAt),
          isNull(workspaceInvites.revokedAt),
          gt(workspaceInvites.expiresAt, sql`now()`),
        ),
      )
      .for('update');
    if (!invite) {
      throw new AppError(
        'bad_input',
        'This invitation link was used, withdrawn or has expired: ask for a new one.',
      );
    }
    const [person] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (person?.email.toLowerCase() !== invite.email) {
      throw new AppError(
        'forbidden',
        'This invitation is for another email address: sign in with the address it was sent to.',
      );
    }
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId: invite.workspaceId, userId, role: invite.role })
      .onConflictDoUpdate({
        target: [workspaceMembers.workspaceId, workspaceMembers.userId],
        set: { role: invite.role, removedAt: null, joinedAt: sql`now()` },
      });
    await tx
      .update(workspaceInvites)
      .set({ acceptedAt: sql`now()` })
      .where(eq(workspaceInvites.id, invite.id));
    return readWorkspace(tx, { workspaceId: invite.workspaceId, userId, role: invite.role });
  });
}
