// Runs a handler under the caller's Idempotency-Key, for the functions that take one (IDEMPOTENT_FUNCTIONS).
import { type FunctionName, functions } from '../../common/contract/functions';
import type { FunctionContext } from '../functions/types';
import { AppError } from '../leaves/app-error/app-error';
import {
  checkIdempotencyKey,
  claimIdempotencyKey,
  hashRequestBody,
  releaseIdempotencyKey,
  rememberIdempotentAnswer,
} from '../leaves/idempotency/idempotency';
import { IDEMPOTENT_FUNCTIONS } from './function-scopes';

export async function runIdempotent<T>(
  ctx: FunctionContext,
  name: FunctionName,
  input: unknown,
  run: () => Promise<T>,
): Promise<T> {
  const header = ctx.requestHeaders.get('idempotency-key');
  if (header === null) return run();
  if (!IDEMPOTENT_FUNCTIONS.has(name)) {
    throw new AppError('bad_input', `${name} does not take an Idempotency-Key header.`);
  }
  const slot = { userId: ctx.userId, functionName: name, key: checkIdempotencyKey(header) };
  const earlier = await claimIdempotencyKey(ctx.db, slot, hashRequestBody(input));
  if (earlier) {
    ctx.responseHeaders.set('idempotent-replayed', 'true');
    return functions[name].response.parse(earlier.response) as T;
  }
  let output: T;
  try {
    output = await run();
  } catch (error) {
    await releaseIdempotencyKey(ctx.db, slot);
    throw error;
  }
  await rememberIdempotentAnswer(ctx.db, slot, output);
  return output;
}
