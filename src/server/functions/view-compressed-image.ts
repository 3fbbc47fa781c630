import { readCompressedImage } from '../domain/images/read-compressed-image';
import type { FunctionHandler } from './types';

// The route answers these bytes as application/octet-stream (X-Response-Format: Uint8Array is enforced there).
export const viewCompressedImageFunction: FunctionHandler<'view-compressed-image'> = (ctx, input) =>
  readCompressedImage(ctx.db, ctx.workspaceId, input.bundle_workflow_products_image_id);
