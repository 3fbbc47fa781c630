// The contract's functions that answer with files: compressed images and the export formats.
import { z } from 'zod';
import { BUNDLE_LIMITS } from '../constants';
import { id } from './schema-parts';

export const fileFunctions = {
  'compress-images': {
    request: z.object({
      bundle_workflow_id: id,
      bundle_workflow_products_images_ids: z.array(id).max(BUNDLE_LIMITS.maxProducts).optional(),
    }),
    response: z.object({ queued: z.number() }),
  },
  'view-compressed-image': {
    request: z.object({ bundle_workflow_products_image_id: id }),
    /** Binary: answered as bytes when the request sets X-Response-Format: Uint8Array. */
    response: z.instanceof(Uint8Array),
  },
  'export-bundle': {
    request: z.object({
      bundle_workflow_id: id,
      format: z.enum(['csv', 'json', 'shopify', 'woocommerce', 'merchant', 'redirects', 'jsonld']),
      /** Only the products whose review state is approved (set-product-review). */
      only_approved: z.boolean().optional(),
    }),
    /**
     * A file, streamed with its own Content-Type and a Content-Disposition filename naming the bundle; asked
     * for, like every binary answer, with X-Response-Format: Uint8Array.
     */
    response: z.instanceof(Uint8Array),
  },
} as const;
