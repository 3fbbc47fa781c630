import { listTrials } from '../domain/trials/list-trials';
import type { FunctionHandler } from './types';

export const listTrialsFunction: FunctionHandler<'list-trials'> = async (ctx, input) =>
  listTrials(ctx.db, ctx.workspaceId, input.bundle_id);
