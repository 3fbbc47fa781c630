import type { FunctionName, FunctionResponse, ParsedFunctionRequest } from '../../common/contract/functions';
import type { Database } from '../db/client';
import type { Auth } from '../domain/auth/auth';
import type { ProductListInput } from '../domain/list-import/read-product-list';
import type { SearchUpload } from '../domain/search-data/search-upload';
import type { StoreAccess } from '../domain/stores/store-access';
import type { WriterRegistry } from '../leaves/ai/writer-registry';
import type { Membership } from '../leaves/ownership/membership';
import type { QueueHandle } from '../runner/job-loop-share';

/**
 * What the handlers and their route reach of the app's services: main/services.ts wires a superset, so the
 * layers under main never import it.
 */
export type FunctionServices = {
  config: {
    NODE_ENV: string;
    APP_URL: string;
    API_KEY_RATE_PER_MINUTE: number;
    ALLOW_PRIVATE_WEBHOOK_HOSTS: string[];
  };
  db: Database;
  auth: Auth;
  writers: WriterRegistry;
  /** The job queue, for job-queue-event-loop. */
  queue: QueueHandle;
  /** How connected stores are reached and their credentials sealed. */
  stores: StoreAccess;
  /** Seals secrets at rest: store credentials and webhook signing secrets (src/server/leaves/secrets/seal.ts). */
  secretsKey: Buffer;
};

export type FunctionContext = {
  db: Database;
  /** The person calling (an API key's maker): who did it, for the audit log, reviews and versions. */
  userId: string;
  /** The workspace the call acts in: every query is scoped to this owner (owner_id). */
  workspaceId: string;
  /** The caller's membership there, with their role (checked against the function before the handler runs). */
  member: Membership;
  /** The API key the call came through, if any. */
  apiKeyId?: number | undefined;
  services: FunctionServices;
  signal: AbortSignal;
  requestHeaders: Headers;
  /** Headers to add to the answer (an ETag, say). */
  responseHeaders: Headers;
  /** new-bundle, estimate-cost: the products of the list it sent, already read in an import worker thread. */
  productList?: ProductListInput;
  /** import-search-data: its upload, already read (in an import worker thread when big). */
  searchUpload?: SearchUpload;
};

/** A handler returns this when the caller's If-None-Match still matches: the route answers 304, no body. */
export const NOT_MODIFIED = Symbol('not modified');

/**
 * What a handler returns: the response shape, NOT_MODIFIED, or a Response for a file answer (export-bundle),
 * which the route sends as it is so that its body streams.
 */
export type FunctionHandler<N extends FunctionName> = (
  ctx: FunctionContext,
  input: ParsedFunctionRequest<N>,
) => Promise<FunctionResponse<N> | typeof NOT_MODIFIED | Response>;
