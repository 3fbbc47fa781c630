// The expected ways fetching an image fails, each with a reason written for the user.
export type ImageFetchErrorCode =
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
export class ImageFetchError extends Error {
  override name = 'ImageFetchError';
  constructor(
    readonly code: ImageFetchErrorCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}
