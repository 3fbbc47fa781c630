import { exportBundle } from '../domain/export/export-bundle';
import { recordCopyExported } from '../domain/search-data/record-export';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

// A file answer: the route sends this Response as it is, streamed, with the file's own Content-Type.
export const exportBundleFunction: FunctionHandler<'export-bundle'> = async (ctx, input) => {
  const file = await exportBundle(ctx.db, ctx.workspaceId, input);
  // The date the copy left the app, for the before/after report; exportBundle checked ownership.
  // A redirects file carries no copy, so it dates nothing.
  if (input.format !== 'redirects' && input.format !== 'woocommerce-redirects') {
    await recordCopyExported(ctx.db, input.bundle_workflow_id, input.only_approved === true);
  }
  await audit(ctx, 'export.downloaded', `run ${input.bundle_workflow_id}`, {
    format: input.format,
    only_approved: input.only_approved === true,
  });
  return new Response(file.body, {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'cache-control': 'private, no-store',
    },
  });
};
