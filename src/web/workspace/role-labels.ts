// The roles as the screens name them, with what each may do (the server's roles decide; this only says so).
import type { WorkspaceRole } from '../../common/contract/functions';

export const ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  editor: 'Editor',
  reviewer: 'Reviewer',
  viewer: 'Viewer',
};

export const ROLE_DESCRIPTIONS: Record<WorkspaceRole, string> = {
  owner: 'everything, including members, settings and deleting',
  editor: 'creates bundles and runs, edits copy, connects stores',
  reviewer: 'approves or rejects, exports, pushes approved copy',
  viewer: 'reads and exports',
};

/** "Client A (Reviewer)": a workspace with the person's role in it. */
export function workspaceLabel(workspace: { name: string; role: WorkspaceRole; personal: boolean }): string {
  const name = workspace.personal ? `${workspace.name} (personal)` : workspace.name;
  return `${name} · ${ROLE_LABELS[workspace.role]}`;
}
