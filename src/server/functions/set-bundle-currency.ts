import { setBundleCurrency } from '../domain/bundles/set-bundle-currency';
import type { FunctionHandler } from './types';

export const setBundleCurrencyFunction: FunctionHandler<'set-bundle-currency'> = (ctx, input) =>
  setBundleCurrency(ctx.db, ctx.workspaceId, input.bundle_id, input.currency);
