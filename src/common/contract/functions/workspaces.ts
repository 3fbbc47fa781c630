// The contract's workspace functions: workspaces, their members and roles, invitations, settings and the
// audit log. Every other function acts in one workspace: the API key's, or for a signed-in person the one the
// X-Workspace-Id header names (their personal workspace without it).
import { z } from 'zod';
import { noBody } from './schema-parts';

export const WORKSPACE_ROLES = ['owner', 'editor', 'reviewer', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** The header a signed-in person's call names its workspace with. */
export const WORKSPACE_HEADER = 'x-workspace-id';

export const WORKSPACE_LIMITS = {
  maxNameLength: 80,
  /** Days an invitation link stays good. */
  inviteDays: 7,
  maxWorkspacesPerUser: 50,
  maxMembers: 100,
  auditPage: 200,
} as const;

/** A workspace id: a personal workspace has its user's id; a new one "ws_" and a random id. */
export const workspaceId = z
  .string()
  .min(1, 'workspace_id must not be empty')
  .max(64, 'workspace_id must be at most 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'workspace_id holds letters, digits, "_" and "-" only');

const workspaceName = z
  .string()
  .trim()
  .min(1, 'name must not be empty')
  .max(WORKSPACE_LIMITS.maxNameLength, `name must be at most ${WORKSPACE_LIMITS.maxNameLength} characters`);

const role = z.enum(WORKSPACE_ROLES, { error: 'role must be owner, editor, reviewer or viewer' });
const budget = z.number().positive().max(1_000_000).nullable();

export const workspaceSchema = z.object({
  workspace_id: workspaceId,
  name: z.string(),
  personal: z.boolean(),
  /** The caller's role in it. */
  role,
  require_other_reviewer: z.boolean(),
  /** The workspace's own monthly budget in USD; null: only each member's. */
  monthly_budget_usd: z.number().nullable(),
  members: z.number(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const memberSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  /** This member's monthly budget here in USD; null: the server's default per member. */
  monthly_budget_usd: z.number().nullable(),
  joined_at: z.string(),
});

export const inviteSchema = z.object({
  invite_id: z.number(),
  email: z.string(),
  role,
  expires_at: z.string(),
});

export const auditEventSchema = z.object({
  audit_event_id: z.number(),
  /** The person who did it, by name as it was then; with the API key's prefix when it came through one. */
  actor: z.string(),
  api_key_prefix: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  created_at: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const workspaceFunctions = {
  'list-workspaces': {
    request: noBody,
    response: z.object({ workspaces: z.array(workspaceSchema) }),
  },
  'new-workspace': {
    request: z.object({ name: workspaceName }),
    response: z.object({ workspace: workspaceSchema }),
  },
  'set-workspace-settings': {
    request: z.object({
      name: workspaceName.optional(),
      require_other_reviewer: z.boolean().optional(),
      monthly_budget_usd: budget.optional(),
    }),
    response: z.object({ workspace: workspaceSchema }),
  },
  'list-members': {
    request: noBody,
    response: z.object({ members: z.array(memberSchema), invites: z.array(inviteSchema) }),
  },
  'invite-member': {
    request: z.object({
      email: z.string().trim().toLowerCase().email('email must be an email address').max(254),
      role,
    }),
    response: z.object({ invite: inviteSchema }),
  },
  'accept-invite': {
    request: z.object({ token: z.string().min(20, 'token is not an invitation').max(200) }),
    response: z.object({ workspace: workspaceSchema }),
  },
  'set-member': {
    request: z.object({
      user_id: z.string().min(1).max(64),
      role: role.optional(),
      monthly_budget_usd: budget.optional(),
    }),
    response: z.object({ updated: z.boolean() }),
  },
  'remove-member': {
    request: z.object({ user_id: z.string().min(1).max(64) }),
    response: z.object({ removed: z.boolean(), api_keys_revoked: z.number() }),
  },
  'list-audit-events': {
    request: z.object({
      /** Events older than this id (the last one of the previous page). */
      before_id: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(WORKSPACE_LIMITS.auditPage).optional(),
    }),
    response: z.object({ events: z.array(auditEventSchema), next_before_id: z.number().nullable() }),
  },
} as const;
