import { importSearchData } from '../domain/search-data/import-search-data';
import type { FunctionHandler } from './types';

export const importSearchDataFunction: FunctionHandler<'import-search-data'> = (ctx, input) =>
  importSearchData(ctx.db, ctx.workspaceId, input, ctx.searchUpload);
