import { requestCompression } from '../domain/images/request-compression';
import { queueCompressions } from '../leaves/queue/image-jobs';
import type { FunctionHandler } from './types';

export const compressImagesFunction: FunctionHandler<'compress-images'> = (ctx, input) =>
  requestCompression(ctx.db, ctx.workspaceId, input, queueCompressions);
