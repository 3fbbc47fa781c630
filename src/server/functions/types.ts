import type { FunctionName, FunctionResponse, ParsedFunctionRequest } from '../../common/functions';
import type { ProductListInput } from '../bundles/read-product-list';
import type { Database } from '../db/client';
import type { SearchUpload } from '../search-data/search-upload';
import type { Services } from '../services';

export type FunctionContext = {
  db: Database;
  /** The signed-in user; every query is scoped to this owner. */
  userId: string;
  services: Services;
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
