import { newWorkspace } from '../domain/workspaces/workspaces';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

export const newWorkspaceFunction: FunctionHandler<'new-workspace'> = async (ctx, input) => {
  const workspace = await newWorkspace(ctx.db, ctx.userId, input.name);
  await audit(ctx, 'workspace.created', `workspace ${workspace.name}`, {}, workspace.workspace_id);
  return { workspace };
};
