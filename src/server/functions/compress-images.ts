import { requestCompression } from '../images/request-compression';
import { queueCompressions } from '../queue/image-jobs';
import type { FunctionHandler } from './types';

export const compressImagesFunction: FunctionHandler<'compress-images'> = (ctx, input) =>
  requestCompression(ctx.db, ctx.userId, input, queueCompressions);
