// POST /functions/v1/:name — session check → name → body validation → handler → response (DESIGN.md).
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BUNDLE_LIMITS } from '../../common/contract/constants';
import { ERROR_STATUS } from '../../common/contract/errors';
import { BINARY_FUNCTIONS, type FunctionName, isFunctionName } from '../../common/contract/functions';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../db/availability';
import type { FunctionRegistry } from '../functions/registry';
import {
  type FunctionContext,
  type FunctionHandler,
  type FunctionServices,
  NOT_MODIFIED,
} from '../functions/types';
import { AppError, RateLimited } from '../leaves/app-error/app-error';
import { requireCapability } from '../leaves/ownership/roles';
import { checkAnswer } from './answer-check';
import { authenticate, type FunctionSession } from './authenticate';
import { FUNCTION_CAPABILITY } from './function-roles';
import { FUNCTION_SCOPES } from './function-scopes';
import { runIdempotent } from './idempotent-call';
import { readImportBody } from './import-body/import-body';
import { isImportFunction } from './import-body/import-types';
import { parseRequestJson } from './parse-body';
import type { AppEnv } from './request-log';

/** What a 503 asks a client to wait before calling again. */
const UNAVAILABLE_RETRY_SECONDS = 5;

export function functionRoutes(services: FunctionServices, registry: FunctionRegistry) {
  const app = new Hono<AppEnv>();
  app.onError(answerError);
  app.post(
    '/:name',
    bodyLimit({ maxSize: BUNDLE_LIMITS.maxBodyBytes, onError: answerTooLarge }),
    async (c) => {
      // Authenticate first: a caller without a session learns nothing, not even which names exist.
      const session = await authenticate(services, c.req.raw);
      const name = c.req.param('name');
      if (!isFunctionName(name)) throw new AppError('bad_input', `There is no function named "${name}".`);
      requireScope(session, name);
      requireCapability(session.member.role, FUNCTION_CAPABILITY[name], name);

      // A file (a product list, a Search Console export) is counted as it arrives, and a big one parsed in
      // an import worker thread, so that neither stalls the event loop.
      const importBody = isImportFunction(name) ? await readImportBody(name, c.req.raw) : undefined;
      const input = importBody ? importBody.input : parseRequestJson(name, await c.req.raw.text());
      const handler = registry[name] as FunctionHandler<FunctionName> | undefined;
      if (!handler)
        throw new AppError('server_error', `The function "${name}" is not available on this server.`);
      const ctx: FunctionContext = {
        db: services.db,
        userId: session.user.id,
        workspaceId: session.member.workspaceId,
        member: session.member,
        apiKeyId: session.apiKey?.id,
        services,
        signal: c.req.raw.signal,
        requestHeaders: c.req.raw.headers,
        responseHeaders: new Headers(),
        productList: importBody?.list,
        searchUpload: importBody?.search,
      };

      if (BINARY_FUNCTIONS.has(name) && c.req.header('x-response-format') !== 'Uint8Array') {
        throw new AppError('bad_input', 'Set the header X-Response-Format: Uint8Array to receive bytes.');
      }
      // What an Idempotency-Key compares: the request, and the file it carried (which `input` goes without).
      const sent = importBody?.fileDigest ? { input, file_sha256: importBody.fileDigest } : input;
      // The same key sent in another workspace is another request (409), never the first one's answer.
      const asSent = ctx.workspaceId === ctx.userId ? sent : { sent, workspace_id: ctx.workspaceId };
      const output = await runIdempotent(ctx, name, asSent, () => handler(ctx, input as never));
      return answerOutput(c, services, name, ctx.responseHeaders, output);
    },
  );
  return app;
}

/** A typed failure answers its own status; anything else is logged and answers 503 or 500 without detail. */
function answerError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof RateLimited) c.header('retry-after', String(error.retryAfterSeconds));
  if (error instanceof AppError) return c.json(error.toBody(), error.status as 400);
  const log = c.get('log').child({ function: c.req.param('name') });
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, 'database unavailable');
    // A reconnect takes seconds; saying so lets a client wait rather than hammer (the document declares it).
    c.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
    return c.json(DATABASE_UNAVAILABLE, ERROR_STATUS.unavailable);
  }
  log.error({ err: error }, 'function failed');
  return c.json({ error: { type: 'server_error', message: 'Something went wrong on our side.' } }, 500);
}

export function answerTooLarge(c: Context): Response {
  const megabytes = BUNDLE_LIMITS.maxBodyBytes / 1024 / 1024;
  return c.json(
    { error: { type: 'too_large', message: `The request body is larger than the ${megabytes} MB limit.` } },
    ERROR_STATUS.too_large,
  );
}

/** A handler's output as the response: not modified, a file, bytes, or JSON checked against the contract. */
function answerOutput(
  c: Context<AppEnv>,
  services: FunctionServices,
  name: FunctionName,
  responseHeaders: Headers,
  output: unknown,
): Response {
  responseHeaders.forEach((value, key) => {
    c.header(key, value);
  });
  if (output === NOT_MODIFIED) return c.body(null, 304);
  if (output instanceof Response) {
    // A file answer (export-bundle) keeps its own Content-Type and streams its body.
    responseHeaders.forEach((value, key) => {
      output.headers.set(key, value);
    });
    return output;
  }
  if (output instanceof Uint8Array) {
    return c.body(output as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/octet-stream',
      'cache-control': 'private, max-age=3600',
    });
  }
  checkAnswer(name, output, services.config.NODE_ENV === 'production', c.get('log'));
  return c.json(output);
}

/** An API key may call only the functions its scopes cover; a person signed in may call them all. */
function requireScope(session: FunctionSession, name: FunctionName): void {
  if (!session.apiKey) return;
  const scope = FUNCTION_SCOPES[name];
  if (scope === null) {
    throw new AppError('forbidden', `${name} needs a signed-in person; an API key cannot call it.`);
  }
  if (!session.apiKey.scopes.includes(scope)) {
    throw new AppError('forbidden', `This API key lacks the "${scope}" scope, which ${name} needs.`);
  }
}
