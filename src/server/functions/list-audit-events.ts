import { WORKSPACE_LIMITS } from '../../common/contract/functions/workspaces';
import { readWorkspace } from '../domain/workspaces/workspaces';
import { listAuditEvents } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

export const listAuditEventsFunction: FunctionHandler<'list-audit-events'> = async (ctx, input) => {
  await readWorkspace(ctx.db, ctx.member);
  return listAuditEvents(ctx.db, ctx.workspaceId, {
    beforeId: input.before_id,
    limit: input.limit ?? WORKSPACE_LIMITS.auditPage,
  });
};
