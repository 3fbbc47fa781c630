// The public API as MCP tools, so that an assistant can drive Copyloom: every function an API key may call
// (FUNCTION_SCOPES), named as the API names it, with the contract's request schema as its input schema and the
// API document's description. A tool call is a function call made through `call`, which goes through the API's
// own route (key, scope, rate limit, validation, idempotency, errors): MCP adds a way in, not a second API.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import {
  BINARY_FUNCTIONS,
  errorBodySchema,
  FUNCTION_NAMES,
  type FunctionName,
  functions,
} from '../../../common/contract/functions';
import { FUNCTION_DESCRIPTIONS } from '../function-descriptions';
import { FUNCTION_SCOPES } from '../function-scopes';
import { jsonSchema } from '../openapi/json-schema';

/** Makes one function call as the MCP client's API key and answers the API's own Response. */
export type CallFunction = (name: FunctionName, input: unknown) => Promise<Response>;

/** A file answer bigger than this is not put in an MCP message: the API downloads it instead. */
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const TEXT_FILE = /^(text\/|application\/(json|ld\+json|xml))/i;

export const MCP_SERVER_INFO = { name: 'copyloom', version: '1.0.0' } as const;

/** The functions an API key may call: the tools. The rest need a signed-in person. */
export const MCP_TOOL_NAMES: readonly FunctionName[] = FUNCTION_NAMES.filter(
  (name) => FUNCTION_SCOPES[name] !== null,
);

/** The tools as tools/list answers them, built once: a stateless server is made for every request. */
let tools: Tool[] | undefined;
export function mcpTools(): Tool[] {
  tools ??= MCP_TOOL_NAMES.map((name) => {
    const scope = FUNCTION_SCOPES[name];
    return {
      name,
      description: `${capitalise(FUNCTION_DESCRIPTIONS[name])}. Needs an API key with the "${scope}" scope.`,
      inputSchema: jsonSchema(functions[name].request, 'input') as Tool['inputSchema'],
      annotations: {
        readOnlyHint: scope === 'read',
        destructiveHint: scope === 'push' || name.startsWith('delete-'),
        // Every tool reaches this account's data only; push tools reach its stores.
        openWorldHint: scope === 'push',
      },
    };
  });
  return tools;
}

/** An MCP server whose tools call the API through `call`; one per connection (or per stateless request). */
export function createMcpServer(call: CallFunction): Server {
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: mcpTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name;
    if (!MCP_TOOL_NAMES.includes(name as FunctionName)) {
      return failure(`There is no tool named "${name}".`);
    }
    const response = await call(name as FunctionName, request.params.arguments ?? {});
    return toolResult(response);
  });
  return server;
}

/** The API's answer as a tool result: JSON as text and structured content, a file as text or a resource. */
async function toolResult(response: Response): Promise<CallToolResult> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok) return failure(await describeError(response));
  if (response.status === 204 || response.status === 304)
    return { content: [{ type: 'text', text: 'No change.' }] };
  if (type.startsWith('application/json')) {
    const body = (await response.json()) as Record<string, unknown>;
    return { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_FILE_BYTES) {
    return failure(
      `The file is ${bytes.length} bytes, more than the ${MAX_FILE_BYTES} an MCP answer carries; download it from the API (POST /functions/v1/export-bundle).`,
    );
  }
  const mimeType = type.split(';')[0]?.trim() || 'application/octet-stream';
  if (mimeType.startsWith('image/')) {
    return { content: [{ type: 'image', data: Buffer.from(bytes).toString('base64'), mimeType }] };
  }
  const uri = `copyloom:file/${fileName(response) ?? 'answer'}`;
  const resource = TEXT_FILE.test(mimeType)
    ? { uri, mimeType, text: new TextDecoder().decode(bytes) }
    : { uri, mimeType, blob: Buffer.from(bytes).toString('base64') };
  return { content: [{ type: 'resource', resource }] };
}

async function describeError(response: Response): Promise<string> {
  const text = await response.text();
  let parsed: ReturnType<typeof errorBodySchema.safeParse>;
  try {
    parsed = errorBodySchema.safeParse(JSON.parse(text));
  } catch {
    return `The API answered ${response.status}.`;
  }
  if (!parsed.success) return `The API answered ${response.status}.`;
  const { type, message } = parsed.data.error;
  const wait = response.headers.get('retry-after');
  return `${response.status} ${type}${message ? `: ${message}` : ''}${wait ? ` (retry after ${wait} s)` : ''}`;
}

function fileName(response: Response): string | null {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

function failure(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A CallFunction posting to `/functions/v1/:name` under `baseUrl` with `fetch`, as `apiKey`: in the server,
 * `fetch` is the app itself; in `npm run mcp`, the network.
 */
export function functionCaller(
  fetch: (request: Request) => Response | Promise<Response>,
  baseUrl: string,
  apiKey: string,
): CallFunction {
  return async (name, input) =>
    fetch(
      new Request(new URL(`/functions/v1/${name}`, baseUrl), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          ...(BINARY_FUNCTIONS.has(name) ? { 'x-response-format': 'Uint8Array' } : {}),
        },
        body: JSON.stringify(input),
      }),
    );
}
