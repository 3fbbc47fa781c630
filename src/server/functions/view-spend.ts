import { viewMonthSpend } from '../leaves/spending-cap/month-limits';
import type { FunctionHandler } from './types';

export const viewSpendFunction: FunctionHandler<'view-spend'> = (ctx) =>
  viewMonthSpend(ctx.db, ctx.workspaceId, ctx.userId);
