import { listMembers } from '../domain/workspaces/members';
import type { FunctionHandler } from './types';

export const listMembersFunction: FunctionHandler<'list-members'> = (ctx) =>
  listMembers(ctx.db, ctx.workspaceId);
