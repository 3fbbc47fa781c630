import { setMember } from '../domain/workspaces/members';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

export const setMemberFunction: FunctionHandler<'set-member'> = async (ctx, input) => {
  const { email, previousRole } = await setMember(ctx.db, ctx.member, input.user_id, input);
  await audit(ctx, 'member.changed', `member ${email}`, {
    ...(input.role === undefined ? {} : { role: input.role, previous_role: previousRole }),
    ...(input.monthly_budget_usd === undefined ? {} : { monthly_budget_usd: input.monthly_budget_usd }),
  });
  return { updated: true };
};
