import { inviteMember } from '../domain/workspaces/invites';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

export const inviteMemberFunction: FunctionHandler<'invite-member'> = async (ctx, input) => {
  const invite = await inviteMember(ctx.db, ctx.member, input, ctx.services.config.APP_URL);
  await audit(ctx, 'member.invited', `member ${input.email}`, { role: input.role });
  return { invite };
};
