import { setWorkspaceSettings } from '../domain/workspaces/workspaces';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

export const setWorkspaceSettingsFunction: FunctionHandler<'set-workspace-settings'> = async (ctx, input) => {
  const { workspace, reopened } = await setWorkspaceSettings(ctx.db, ctx.member, input);
  await audit(ctx, 'workspace.settings_changed', `workspace ${workspace.name}`, {
    ...(reopened > 0 ? { approvals_reopened: reopened } : {}),
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.require_other_reviewer === undefined
      ? {}
      : { require_other_reviewer: input.require_other_reviewer }),
    ...(input.monthly_budget_usd === undefined ? {} : { monthly_budget_usd: input.monthly_budget_usd }),
  });
  return { workspace };
};
