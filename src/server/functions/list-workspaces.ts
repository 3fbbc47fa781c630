import { listWorkspaces } from '../domain/workspaces/workspaces';
import type { FunctionHandler } from './types';

export const listWorkspacesFunction: FunctionHandler<'list-workspaces'> = async (ctx) => ({
  workspaces: await listWorkspaces(ctx.db, ctx.userId),
});
