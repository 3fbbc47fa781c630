import { viewPush } from '../domain/stores/view-push';
import type { FunctionHandler } from './types';

export const viewPushFunction: FunctionHandler<'view-push'> = (ctx, input) =>
  viewPush(ctx.db, ctx.workspaceId, input.push_id);
