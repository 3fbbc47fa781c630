// invoke(name, body): the typed client for POST /functions/v1/{name}. It validates the request before
// sending and the response after, reads the JSON body of an HTTP error, and never throws. A binary function
// answers a file in any content type; its Content-Disposition filename comes back as fileName. Every call
// names the workspace it acts in with the X-Workspace-Id header, from the person's choice (none: personal).
import { CLIENT_MESSAGES, type ClientErrorType } from '../../common/contract/errors';
import {
  BINARY_FUNCTIONS,
  errorBodySchema,
  type FunctionName,
  type FunctionRequest,
  type FunctionResponse,
  functions,
  WORKSPACE_HEADER,
} from '../../common/contract/functions';

export type InvokeError = {
  type: ClientErrorType;
  message: string;
  /** HTTP status, when the server answered. */
  status?: number;
  /** The message the server put in its error body, if any. */
  detail?: string;
};
export type InvokeResult<N extends FunctionName> =
  | { data: FunctionResponse<N>; etag?: string; fileName?: string; error?: never }
  | { data?: never; error: InvokeError };
/** The caller's ETag still matches: its copy is current (HTTP 304). */
export type NotModified = { notModified: true; etag: string };

export type InvokeOptions = {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  token?: () => string | null;
  /** The workspace the call acts in; null: the person's personal workspace. */
  workspace?: () => string | null;
  baseUrl?: string;
};

let defaultToken: () => string | null = () => null;
/** Where invoke() finds the bearer token; set once by the app. */
export function setInvokeTokenSource(source: () => string | null): void {
  defaultToken = source;
}

let defaultWorkspace: () => string | null = () => null;
/** Where invoke() finds the chosen workspace; set once by the app. */
export function setInvokeWorkspaceSource(source: () => string | null): void {
  defaultWorkspace = source;
}

/**
 * The functions about the person's workspaces rather than in one: they act from the personal workspace, which
 * every person always has, so that a person removed from the chosen workspace can still list theirs, make one
 * and accept an invitation, and so switch away.
 */
const ACROSS_WORKSPACES: ReadonlySet<FunctionName> = new Set([
  'list-workspaces',
  'new-workspace',
  'accept-invite',
]);

/** The X-Workspace-Id header for a call, or nothing for the personal workspace. */
export function workspaceHeader(name: FunctionName, workspace: string | null): Record<string, string> {
  return workspace && !ACROSS_WORKSPACES.has(name) ? { [WORKSPACE_HEADER]: workspace } : {};
}

export async function invoke<N extends FunctionName>(
  name: N,
  body: FunctionRequest<N> = {} as FunctionRequest<N>,
  options: InvokeOptions = {},
): Promise<InvokeResult<N>> {
  return (await invokeIfChanged(name, body, undefined, options)) as InvokeResult<N>;
}

/** invoke(), sending the ETag of the copy the caller holds: an unchanged answer is a bodiless 304. */
export async function invokeIfChanged<N extends FunctionName>(
  name: N,
  body: FunctionRequest<N>,
  ifNoneMatch: string | undefined,
  options: InvokeOptions = {},
): Promise<InvokeResult<N> | NotModified> {
  const contract = functions[name];
  if (!contract) return failure('other', CLIENT_MESSAGES.missingSchema(name));
  const request = contract.request.safeParse(body);
  if (!request.success) return failure('other', CLIENT_MESSAGES.requestValidation);

  const isBinary = BINARY_FUNCTIONS.has(name);
  const token = (options.token ?? defaultToken)();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...workspaceHeader(name, (options.workspace ?? defaultWorkspace)()),
    ...options.headers,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  if (isBinary) headers['x-response-format'] = 'Uint8Array';
  if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;

  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(`${options.baseUrl ?? ''}/functions/v1/${name}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    return failure('other', CLIENT_MESSAGES.network);
  }

  const etag = response.headers.get('etag') ?? undefined;
  if (response.status === 304 && ifNoneMatch) return { notModified: true, etag: etag ?? ifNoneMatch };
  if (!response.ok) {
    const errorBody = errorBodySchema.safeParse(await response.json().catch(() => null));
    return {
      error: {
        type: errorBody.success ? errorBody.data.error.type : 'other',
        message: CLIENT_MESSAGES.nonOkStatus(response.status),
        status: response.status,
        detail: errorBody.success ? errorBody.data.error.message : undefined,
      },
    };
  }

  const contentType = response.headers.get('content-type') ?? '';
  let payload: unknown;
  // A binary function's OK answer is a file whatever its type (text/csv, application/ld+json, ...); only
  // its error answers are JSON, and those were read above.
  if (isBinary) {
    payload = new Uint8Array(await response.arrayBuffer());
  } else if (contentType.includes('application/json')) {
    payload = await response.json().catch(() => undefined);
  } else {
    return failure('other', CLIENT_MESSAGES.unsupportedContentType, response.status);
  }
  const parsed = contract.response.safeParse(payload);
  if (!parsed.success) return failure('other', CLIENT_MESSAGES.responseValidation, response.status);
  const fileName = isBinary
    ? fileNameFromDisposition(response.headers.get('content-disposition'))
    : undefined;
  return { data: parsed.data as FunctionResponse<N>, etag, ...(fileName ? { fileName } : {}) };
}

/**
 * The filename of a Content-Disposition header (RFC 6266): filename* (RFC 5987, UTF-8) first, then a quoted
 * or bare filename. Only the last path segment is kept, so a name can never point into a folder.
 */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  let name: string | undefined;
  if (extended) {
    const encoded = extended.replace(/^[\w-]+'[^']*'/, '').replace(/^"|"$/g, '');
    try {
      name = decodeURIComponent(encoded);
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base || undefined;
}

function failure(type: ClientErrorType, message: string, status?: number): { error: InvokeError } {
  return { error: { type, message, status } };
}

/** The text to show for a failed call: the server's own words when it gave some. */
export function describeError(error: InvokeError): string {
  return error.detail ? `${error.message}. ${error.detail}` : error.message;
}
