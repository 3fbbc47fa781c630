// What each role in a workspace may do, in one place. A function needs one capability (http/function-roles.ts
// says which); a role holds a set of them. An API key acts as the member who made it, so it can never do more
// than its maker's role allows, whatever its scopes say.
import type { WorkspaceRole } from '../../../common/contract/functions/workspaces';
import { AppError } from '../app-error/app-error';

/**
 * read: see and export; edit: make bundles, runs and workflows, edit copy, connect stores; review: approve
 * or reject, push approved copy and undo a push; manage: members, the workspace's settings, and deleting.
 */
export const CAPABILITIES = ['read', 'edit', 'review', 'manage'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const ROLE_CAPABILITIES: Record<WorkspaceRole, readonly Capability[]> = {
  owner: ['read', 'edit', 'review', 'manage'],
  editor: ['read', 'edit'],
  reviewer: ['read', 'review'],
  viewer: ['read'],
};

export function roleMay(role: WorkspaceRole, capability: Capability): boolean {
  return ROLE_CAPABILITIES[role].includes(capability);
}

/** The roles that hold a capability, for the refusal's message ("editor or owner"). */
function rolesWith(capability: Capability): WorkspaceRole[] {
  return (Object.keys(ROLE_CAPABILITIES) as WorkspaceRole[]).filter((role) => roleMay(role, capability));
}

/** 403 naming the caller's role and the roles that may, unless the role holds the capability. */
export function requireCapability(role: WorkspaceRole, capability: Capability, what: string): void {
  if (roleMay(role, capability)) return;
  const may = rolesWith(capability);
  const list = may.length > 1 ? `${may.slice(0, -1).join(', ')} or ${may.at(-1)}` : may[0];
  throw new AppError('forbidden', `Your role in this workspace is ${role}: ${what} needs the ${list} role.`);
}
