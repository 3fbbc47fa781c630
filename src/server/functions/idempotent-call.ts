// Runs a handler under the caller's Idempotency-Key, for the functions that take one (IDEMPOTENT_FUNCTIONS).
import { type FunctionName, functions } from '../../common/functions';
import { AppError } from '../app-error';
import { IDEMPOTENT_FUNCTIONS } from '../http/function-scopes';
import {
  checkIdempotencyKey,
  claimIdempotencyKey,
  hashRequestBody,
  releaseIdempotencyKey,
  rememberIdempotentAnswer,
} from '../idempotency/idempotency';
import type { FunctionContext } from './types';

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
