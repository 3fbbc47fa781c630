// POST /mcp: the MCP server over streamable HTTP, stateless (a server and transport per request, answers as
// JSON), for assistants that reach Copyloom over the network. Only an API key gets in: its scopes and rate limit
// hold for every tool call, because each call goes through the API's own route as that key.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BUNDLE_LIMITS } from '../../../common/contract/constants';
import { authenticateApiKey, isApiKey } from '../../domain/api-keys/api-keys';
import type { FunctionServices } from '../../functions/types';
import { AppError } from '../../leaves/app-error/app-error';
import { bearerToken } from '../authenticate';
import type { AppEnv } from '../request-log';
import { answerTooLarge } from '../route';
import { createMcpServer, functionCaller } from './mcp-tools';

/** `app` answers the function calls: the whole app, so that each goes through its logging and limits. */
export function mcpRoutes(
  services: FunctionServices,
  app: { fetch: (request: Request) => Response | Promise<Response> },
) {
  const routes = new Hono<AppEnv>();
  routes.onError((error, c) => {
    if (error instanceof AppError) return c.json(error.toBody(), error.status as 401);
    throw error;
  });
  // The same limit as a function call's body: a tool call carries one (a product list, say) inside it.
  routes.post('/', bodyLimit({ maxSize: BUNDLE_LIMITS.maxBodyBytes, onError: answerTooLarge }), async (c) => {
    const key = bearerToken(c.req.raw.headers);
    if (!key || !isApiKey(key)) {
      throw new AppError('unauthorized', 'The MCP server takes an API key: send Authorization: Bearer cl_….');
    }
    // Refused here when unknown, revoked, expired or past its rate, before any message is read.
    await authenticateApiKey(services.db, key, services.config.API_KEY_RATE_PER_MINUTE);
    const server = createMcpServer(functionCaller((request) => app.fetch(request), c.req.url, key));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      await server.close();
    }
  });
  // Stateless: there is no stream to open (GET) and no session to end (DELETE).
  routes.on(['GET', 'DELETE'], '/', (c) =>
    c.json(
      { error: { type: 'bad_input', message: 'This MCP server is stateless: POST each message.' } },
      405,
      {
        allow: 'POST',
      },
    ),
  );
  return routes;
}
