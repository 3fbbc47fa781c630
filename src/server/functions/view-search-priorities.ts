import { viewSearchPriorities } from '../domain/search-data/search-views';
import type { FunctionHandler } from './types';

export const viewSearchPrioritiesFunction: FunctionHandler<'view-search-priorities'> = (ctx, input) =>
  viewSearchPriorities(ctx.db, ctx.workspaceId, input.bundle_id);
