// The expected ways fetching an image fails, each with a reason written for the user.
export type OutboundErrorCode =
  | 'invalid_url'
  | 'unsupported_protocol'
  | 'blocked_address'
  | 'host_not_found'
  | 'connection_failed'
  | 'http_status'
  | 'too_large'
  | 'timeout'
  | 'too_many_redirects'
  | 'bad_redirect';

/** An expected failure to fetch an image. `reason` is written for the user and shown in the UI. */
export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    readonly code: OutboundErrorCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}
