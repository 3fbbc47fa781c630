import { exportBundle } from '../export/export-bundle';
import type { FunctionHandler } from './types';

// A file answer: the route sends this Response as it is, streamed, with the file's own Content-Type.
export const exportBundleFunction: FunctionHandler<'export-bundle'> = async (ctx, input) => {
  const file = await exportBundle(ctx.db, ctx.userId, input);
  return new Response(file.body, {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'cache-control': 'private, no-store',
    },
  });
};
