// Workspaces: what owns every bundle, workflow, store, key, webhook and spend (their owner_id). A user's
// personal workspace has the user's own id, so the rows written before workspaces existed were already in
// it (docs/decisions/045). Members hold a role; removing one keeps the row, marked, so that what they did
// still names them and a removed member is told so rather than "no such workspace".
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { WorkspaceRole } from '../../../common/contract/functions/workspaces';
import { user } from './auth';
import { createdAt } from './columns';

export const workspaces = pgTable(
  'workspaces',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The user whose personal workspace this is (its id is theirs); null for a workspace made for a client. */
    personalOf: text('personal_of')
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Copy must be approved by a reviewer other than its last editor before it is pushed or exported as approved. */
    requireOtherReviewer: boolean('require_other_reviewer').notNull().default(false),
    /** The workspace's own monthly budget on the server's key (USD); null: none beyond each member's. */
    monthlyBudgetUsd: numeric('monthly_budget_usd', { precision: 12, scale: 4, mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [check('workspaces_name_length', sql`char_length(${t.name}) between 1 and 80`)],
);

/** The workspace a row belongs to: every owned table's `owner_id`, gone with its workspace (decision 045). */
export const workspaceOwnerId = () =>
  text('owner_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').$type<WorkspaceRole>().notNull(),
    /** This member's own monthly budget here (USD); null: the server's USER_MONTHLY_BUDGET_USD. */
    monthlyBudgetUsd: numeric('monthly_budget_usd', { precision: 12, scale: 4, mode: 'number' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
    check('workspace_members_role', sql`${t.role} in ('owner', 'editor', 'reviewer', 'viewer')`),
  ],
);

export const workspaceInvites = pgTable(
  'workspace_invites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<WorkspaceRole>().notNull(),
    /** SHA-256 of the link's token, hex; the token itself is only in the email. */
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('workspace_invites_workspace_idx').on(t.workspaceId),
    check('workspace_invites_role', sql`${t.role} in ('owner', 'editor', 'reviewer', 'viewer')`),
  ],
);

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Who did it; null once their account is deleted (the event stays, with the name it had). */
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** The API key it came through, if any (its prefix is in `detail`). */
    apiKeyId: integer('api_key_id'),
    action: text('action').notNull(),
    /** What it was done to: "bundle 12", "store 3", "member ana@example.com". */
    target: text('target').notNull(),
    /** Non-secret particulars (a role, a count, a key's prefix); never a token, key or credential. */
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_events_workspace_idx').on(t.workspaceId, t.id)],
);
