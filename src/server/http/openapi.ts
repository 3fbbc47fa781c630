// GET /api/openapi.json: an OpenAPI 3.1 document generated from the contract itself, so it lists
// every function with its request and response schemas (zod 4's toJSONSchema, JSON Schema 2020-12, which
// OpenAPI 3.1 uses as is), the headers it takes and answers with, the scope an API key needs, the error
// statuses it can answer, the webhooks' bodies, and how to authenticate. The parts are in openapi/.
import {
  areaOf,
  BINARY_FUNCTIONS,
  errorBodySchema,
  FUNCTION_AREAS,
  FUNCTION_NAMES,
  type FunctionName,
  functions,
} from '../../common/contract/functions';
import { FUNCTION_DESCRIPTIONS } from './function-descriptions';
import { FUNCTION_SCOPES, IDEMPOTENT_FUNCTIONS } from './function-scopes';
import { HEADER_COMPONENTS, PARAMETER_COMPONENTS, parameter } from './openapi/headers';
import { jsonSchema } from './openapi/json-schema';
import { responsesOf } from './openapi/responses';
import { webhooksSection } from './openapi/webhooks';

function parametersOf(name: FunctionName) {
  return [
    parameter('WorkspaceId'),
    ...(BINARY_FUNCTIONS.has(name) ? [parameter('ResponseFormat')] : []),
    ...(IDEMPOTENT_FUNCTIONS.has(name) ? [parameter('IdempotencyKey')] : []),
    ...(name === 'view-bundle-workflow' ? [parameter('IfNoneMatch')] : []),
  ];
}

function operation(name: FunctionName) {
  const scope = FUNCTION_SCOPES[name];
  const parameters = parametersOf(name);
  const session = [{ sessionToken: [] }, { sessionCookie: [] }];
  return {
    post: {
      operationId: name,
      tags: [areaOf(name)],
      summary: name,
      description: `${FUNCTION_DESCRIPTIONS[name]}\n\n${
        scope ? `API keys need the \`${scope}\` scope.` : 'A signed-in person only: an API key gets 403.'
      }`,
      'x-required-scope': scope,
      ...(parameters.length ? { parameters } : {}),
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(functions[name].request, 'input') } },
      },
      responses: responsesOf(name),
      security: scope ? [...session, { apiKey: [scope] }] : session,
    },
  };
}

/** `sessionCookie`: the session cookie's name as this server sets it (auth/auth.ts sessionCookieName). */
export function buildOpenApiDocument(appUrl: string, sessionCookie = 'better-auth.session_token') {
  const paths: Record<string, unknown> = {};
  for (const name of FUNCTION_NAMES) paths[`/functions/v1/${name}`] = operation(name);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Copyloom',
      version: '1',
      description:
        'Every function is `POST /functions/v1/{name}` with a JSON body. Authenticate with an API key (`Authorization: Bearer cl_…`, made on the Account page or with `create-api-key`; 120 requests a minute per key, then 429 with `Retry-After`), a session token (the `set-auth-token` header of a sign-in), or the browser session cookie (with `Origin` and `Content-Type: application/json`). Errors are `{ "error": { "type", "message"? } }`. Webhook deliveries follow the Standard Webhooks spec; their bodies are under `webhooks`. Each operation lists only the error statuses its function can answer.',
    },
    servers: [{ url: appUrl }],
    tags: Object.keys(FUNCTION_AREAS).map((name) => ({ name, description: `The ${name} functions.` })),
    paths,
    webhooks: webhooksSection(),
    components: {
      schemas: { Error: jsonSchema(errorBodySchema, 'output') },
      headers: HEADER_COMPONENTS,
      parameters: PARAMETER_COMPONENTS,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'cl_…',
          description: 'An API key; its scopes (read, write, run, push) limit the functions it may call.',
        },
        sessionToken: { type: 'http', scheme: 'bearer', description: 'A sign-in session token.' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: sessionCookie },
      },
    },
  };
}
