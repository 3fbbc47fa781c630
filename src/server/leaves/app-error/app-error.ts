// Expected failures are typed: throw new AppError('unknown_bundle'). A bare Error is a bug.
import { ERROR_STATUS, type FunctionErrorType } from '../../../common/contract/errors';
import type { ErrorBody } from '../../../common/contract/functions';

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly type: FunctionErrorType,
    message?: string,
  ) {
    super(message ?? type);
    this.publicMessage = message;
  }
  readonly publicMessage: string | undefined;

  get status(): number {
    return ERROR_STATUS[this.type];
  }

  toBody(): ErrorBody {
    return {
      error: this.publicMessage ? { type: this.type, message: this.publicMessage } : { type: this.type },
    };
  }
}

/** A 429 (an API key past its requests a minute, too many test-webhooks): the route adds Retry-After. */
export class RateLimited extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super('rate_limited', message);
  }
}
