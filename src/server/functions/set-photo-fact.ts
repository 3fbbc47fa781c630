import { setPhotoFact } from '../domain/runs/photo-fact-review';
import type { FunctionHandler } from './types';

export const setPhotoFactFunction: FunctionHandler<'set-photo-fact'> = async (ctx, input) => ({
  product: await setPhotoFact(ctx.db, ctx.userId, input),
});
