// Error types and their user-facing messages (SPEC §8).

/** Error types a server function can answer with. */
export const FUNCTION_ERROR_TYPES = [
  'bad_input',
  'server_error',
  'unknown_bundle',
  'unknown_workflow',
  /** A connected store that is not the caller's, or no longer connected. */
  'unknown_store',
  /** A workspace the caller is not a member of, or that does not exist. */
  'unknown_workspace',
  'not_created',
  'already_running',
  'unauthorized',
  'forbidden',
  /** The thing changed since the caller read it (a stale save). */
  'conflict',
  /** Too many requests in a minute (from one API key, or test-webhooks of one user); Retry-After says when to try again. */
  'rate_limited',
  /** The request body is past the size limit; nothing of it was read further. */
  'too_large',
  /** The database is not reachable right now: try again in a moment. */
  'unavailable',
] as const;
export type FunctionErrorType = (typeof FUNCTION_ERROR_TYPES)[number];

/** HTTP status for each error type (DESIGN.md, server functions). */
export const ERROR_STATUS = {
  bad_input: 400,
  unauthorized: 401,
  forbidden: 403,
  unknown_bundle: 404,
  unknown_workflow: 404,
  unknown_store: 404,
  unknown_workspace: 404,
  not_created: 409,
  already_running: 409,
  conflict: 409,
  rate_limited: 429,
  too_large: 413,
  server_error: 500,
  unavailable: 503,
} as const satisfies Record<FunctionErrorType, number>;

/** What the web client adds on top of the server's types. */
export type ClientErrorType = FunctionErrorType | 'other';

export const CLIENT_MESSAGES = {
  requestValidation: 'Could not validate request body.',
  responseValidation: 'Could not validate response body.',
  unsupportedContentType: 'Unsupported content type returned.',
  nonOkStatus: (status: number) => `Server returned a non-OK response. Status: ${status}`,
  missingSchema: (name: string) => `No schema found for function: ${name}`,
  network: 'Could not reach the server. Check your connection and try again.',
} as const;

/** Texts the user sees (SPEC §8). */
export const USER_MESSAGES = {
  notFound: 'Oh no! Could not find that bundle. Please create a new one, or select another.',
  notCreated: 'The selected AI workflow has not yet been run for this bundle.',
  unknownWorkflow: 'Please choose a Workflow from the choices above.',
  newBundleFailed: 'Something went wrong. Make sure your CSV exactly matches the example given.',
  newBundleMissingFields: 'Please enter the bundle name, and some product info.',
  jobLoopStopped:
    'The local edge functions appear to have stopped. Background work is paused until they answer again.',
  confirmEmail: 'Check your email for the confirmation link',
  magicLinkSent: 'Check your email for the magic link',
  passwordResetSent: 'Check your email for the password reset link',
  passwordUpdated: 'Your password has been updated',
  otpSent: 'Check your email for the one-time code',
} as const;

/** The message shown for a view-bundle error type, or null when it is only logged (SPEC §4). */
export function viewBundleMessage(type: ClientErrorType): string | null {
  switch (type) {
    case 'unknown_bundle':
      return USER_MESSAGES.notFound;
    case 'not_created':
      return USER_MESSAGES.notCreated;
    case 'unknown_workflow':
      return USER_MESSAGES.unknownWorkflow;
    default:
      return null;
  }
}
