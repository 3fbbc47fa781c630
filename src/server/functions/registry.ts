// Every server function by name. Each handler is thin: the route has already checked the session
// and validated the body; the handler calls one domain function and returns the response shape.
import type { FunctionName } from '../../common/functions';
import { compressImagesFunction } from './compress-images';
import { deleteBundleFunction } from './delete-bundle';
import { estimateCostFunction } from './estimate-cost';
import { exportBundleFunction } from './export-bundle';
import { jobQueueEventLoopFunction } from './job-queue-event-loop';
import { listBundlesFunction } from './list-bundles';
import { listWorkflowsFunction } from './list-workflows';
import { newBundleFunction } from './new-bundle';
import { newBundleWorkflowFunction } from './new-bundle-workflow';
import { regenerateProductsFunction } from './regenerate-products';
import { setSpendingCapFunction } from './set-spending-cap';
import type { FunctionHandler } from './types';
import { updateProductCopyFunction } from './update-product-copy';
import { viewBundleLogFunction } from './view-bundle-log';
import { viewBundleWorkflowFunction } from './view-bundle-workflow';
import { viewCompressedImageFunction } from './view-compressed-image';

export type FunctionRegistry = { [N in FunctionName]: FunctionHandler<N> };

export const functionRegistry: FunctionRegistry = {
  'list-workflows': listWorkflowsFunction,
  'list-bundles': listBundlesFunction,
  'new-bundle': newBundleFunction,
  'view-bundle-workflow': viewBundleWorkflowFunction,
  'new-bundle-workflow': newBundleWorkflowFunction,
  'view-bundle-log': viewBundleLogFunction,
  'job-queue-event-loop': jobQueueEventLoopFunction,
  'update-product-copy': updateProductCopyFunction,
  'regenerate-products': regenerateProductsFunction,
  'delete-bundle': deleteBundleFunction,
  'compress-images': compressImagesFunction,
  'view-compressed-image': viewCompressedImageFunction,
  'estimate-cost': estimateCostFunction,
  'set-spending-cap': setSpendingCapFunction,
  'export-bundle': exportBundleFunction,
};
