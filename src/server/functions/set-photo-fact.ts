import { setPhotoFact } from '../domain/runs/photo-fact-review';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

export const setPhotoFactFunction: FunctionHandler<'set-photo-fact'> = async (ctx, input) => {
  const product = await setPhotoFact(ctx.db, ctx.workspaceId, input);
  await audit(
    ctx,
    input.accepted ? 'photo_fact.accepted' : 'photo_fact.taken_back',
    `image ${input.bundle_workflow_products_image_id}`,
    {
      name: input.name,
      value: input.value,
    },
  );
  return { product };
};
