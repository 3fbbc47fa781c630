import { setProductReview } from '../domain/review/review-state';
import type { FunctionHandler } from './types';

export const setProductReviewFunction: FunctionHandler<'set-product-review'> = async (ctx, input) => ({
  updated: await setProductReview(ctx.db, ctx.workspaceId, input.bundle_workflow_product_ids, input.review),
});
