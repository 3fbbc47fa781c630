import { checkExport } from '../domain/export/export-checks';
import type { FunctionHandler } from './types';

export const checkExportFunction: FunctionHandler<'check-export'> = (ctx, input) =>
  checkExport(ctx.db, ctx.workspaceId, input);
