import type { FunctionName, FunctionResponse, ParsedFunctionRequest } from '../../common/functions';
import type { Database } from '../db/client';
import type { Services } from '../services';

export type FunctionContext = {
  db: Database;
  /** The signed-in user; every query is scoped to this owner. */
  userId: string;
  services: Services;
  signal: AbortSignal;
};

export type FunctionHandler<N extends FunctionName> = (
  ctx: FunctionContext,
  input: ParsedFunctionRequest<N>,
) => Promise<FunctionResponse<N>>;
