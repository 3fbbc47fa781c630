import { viewMonthSpend } from '../spending-cap/monthly-budget';
import type { FunctionHandler } from './types';

export const viewSpendFunction: FunctionHandler<'view-spend'> = (ctx) => viewMonthSpend(ctx.db, ctx.userId);
