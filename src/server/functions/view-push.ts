import { viewPush } from '../domain/stores/view-push';
import type { FunctionHandler } from './types';

export const viewPushFunction: FunctionHandler<'view-push'> = (ctx, input) =>
  viewPush(ctx.db, ctx.userId, input.push_id);
