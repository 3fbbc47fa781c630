import { estimateCost } from '../domain/bundles/estimate';
import type { FunctionHandler } from './types';

export const estimateCostFunction: FunctionHandler<'estimate-cost'> = (ctx, input) =>
  estimateCost(ctx.db, ctx.workspaceId, input, ctx.productList?.parsed);
