import { setCtrCurve } from '../domain/search-data/search-views';
import type { FunctionHandler } from './types';

export const setCtrCurveFunction: FunctionHandler<'set-ctr-curve'> = (ctx, input) =>
  setCtrCurve(ctx.db, ctx.workspaceId, input.bundle_id, input.curve);
