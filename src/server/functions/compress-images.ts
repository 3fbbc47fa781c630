import { requestCompression } from '../images/compression';
import { addGraphileJobs } from '../images/tasks';
import type { FunctionHandler } from './types';

export const compressImagesFunction: FunctionHandler<'compress-images'> = (ctx, input) =>
  requestCompression(ctx.db, ctx.userId, input, addGraphileJobs);
