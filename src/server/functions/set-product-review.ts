import { setProductReview } from '../domain/review/review-state';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

export const setProductReviewFunction: FunctionHandler<'set-product-review'> = async (ctx, input) => {
  const ids = input.bundle_workflow_product_ids;
  const updated = await setProductReview(ctx.db, ctx.member, ids, input.review);
  const target = ids.length === 1 ? `product ${ids[0]}` : `${ids.length} products`;
  await audit(ctx, `review.${input.review}`, target, { changed: updated });
  return { updated };
};
