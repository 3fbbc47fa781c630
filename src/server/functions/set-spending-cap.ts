import { setSpendingCap } from '../domain/bundles/set-spending-cap';
import type { FunctionHandler } from './types';

export const setSpendingCapFunction: FunctionHandler<'set-spending-cap'> = (ctx, input) =>
  setSpendingCap(ctx.db, ctx.workspaceId, input.bundle_id, input.spending_cap_usd);
