import { acceptInvite } from '../domain/workspaces/invites';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

export const acceptInviteFunction: FunctionHandler<'accept-invite'> = async (ctx, input) => {
  const workspace = await acceptInvite(ctx.db, ctx.userId, input.token);
  await audit(ctx, 'member.joined', 'workspace', { role: workspace.role }, workspace.workspace_id);
  return { workspace };
};
