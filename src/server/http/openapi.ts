// GET /api/openapi.json: an OpenAPI 3.1 document generated from the contract itself, so it lists
// every function with its request and response schemas (zod 4's toJSONSchema, JSON Schema 2020-12, which
// OpenAPI 3.1 uses as is), the scope an API key needs, the error body and statuses, and how to authenticate.
import { z } from 'zod';
import { ERROR_STATUS, FUNCTION_ERROR_TYPES } from '../../common/contract/errors';
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

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  // A binary answer (z.instanceof(Uint8Array)) has no JSON form; it is described as bytes instead.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
}

/** Every error status and the error types that answer with it. */
function errorResponses(): Record<string, unknown> {
  const byStatus = new Map<number, string[]>();
  for (const type of FUNCTION_ERROR_TYPES) {
    byStatus.set(ERROR_STATUS[type], [...(byStatus.get(ERROR_STATUS[type]) ?? []), type]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, types] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: `Error type ${types.map((t) => `\`${t}\``).join(', ')}`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      ...(status === 429
        ? {
            headers: {
              'Retry-After': {
                description: 'Seconds until the caller may call again.',
                schema: { type: 'integer' },
              },
            },
          }
        : {}),
    };
  }
  return responses;
}

function operation(name: FunctionName, errors: Record<string, unknown>) {
  const contract = functions[name];
  const scope = FUNCTION_SCOPES[name];
  const binary = BINARY_FUNCTIONS.has(name);
  const parameters = [
    ...(binary
      ? [{ name: 'X-Response-Format', in: 'header', required: true, schema: { const: 'Uint8Array' } }]
      : []),
    ...(IDEMPOTENT_FUNCTIONS.has(name)
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              'The same key and body within 24 hours answer as the first call and create nothing new; the same key with another body is 409 `conflict`.',
            schema: { type: 'string', maxLength: 255 },
          },
        ]
      : []),
  ];
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
        content: { 'application/json': { schema: jsonSchema(contract.request, 'input') } },
      },
      responses: {
        '200': binary
          ? {
              description: 'The file or image, as bytes.',
              content: {
                'application/octet-stream': {
                  schema: { type: 'string', contentMediaType: 'application/octet-stream' },
                },
              },
            }
          : {
              description: 'The answer.',
              content: { 'application/json': { schema: jsonSchema(contract.response, 'output') } },
            },
        ...errors,
      },
      security: scope ? [...session, { apiKey: [scope] }] : session,
    },
  };
}

/** `sessionCookie`: the session cookie's name as this server sets it (auth/auth.ts sessionCookieName). */
export function buildOpenApiDocument(appUrl: string, sessionCookie = 'better-auth.session_token') {
  const errors = errorResponses();
  const paths: Record<string, unknown> = {};
  for (const name of FUNCTION_NAMES) paths[`/functions/v1/${name}`] = operation(name, errors);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Copyloom',
      version: '1',
      description:
        'Every function is `POST /functions/v1/{name}` with a JSON body. Authenticate with an API key (`Authorization: Bearer cl_…`, made on the Account page or with `create-api-key`; 120 requests a minute per key, then 429 with `Retry-After`), a session token (the `set-auth-token` header of a sign-in), or the browser session cookie (with `Origin` and `Content-Type: application/json`). Errors are `{ "error": { "type", "message"? } }`. Webhook deliveries follow the Standard Webhooks spec.',
    },
    servers: [{ url: appUrl }],
    tags: Object.keys(FUNCTION_AREAS).map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: jsonSchema(errorBodySchema, 'output') },
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
