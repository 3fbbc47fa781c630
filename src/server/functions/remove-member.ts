import { removeMember } from '../domain/workspaces/members';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

export const removeMemberFunction: FunctionHandler<'remove-member'> = async (ctx, input) => {
  const removed = await removeMember(ctx.db, ctx.member, input.user_id);
  await audit(ctx, 'member.removed', `member ${removed.email}`, {
    role: removed.role,
    api_keys_revoked: removed.apiKeysRevoked,
  });
  return { removed: true, api_keys_revoked: removed.apiKeysRevoked };
};
