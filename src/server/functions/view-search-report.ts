import { viewSearchReport } from '../domain/search-data/search-views';
import type { FunctionHandler } from './types';

export const viewSearchReportFunction: FunctionHandler<'view-search-report'> = (ctx, input) =>
  viewSearchReport(ctx.db, ctx.workspaceId, input.bundle_id, input.import_id);
