// Entry point for `npm run mcp`: Copyloom's MCP server on stdin/stdout, for an assistant that starts tools as
// local processes (Claude Desktop, Cursor, VS Code). It holds no data and no database: each tool call is a
// call to a running Copyloom's API (COPYLOOM_URL) with the user's API key (COPYLOOM_API_KEY), so the key's
// scopes and rate limit hold as they do for /mcp. The URL is the user's own setting on their own machine, not
// an address a tenant typed into the server, which is what the address guard exists for.
// stdout carries the protocol: everything else goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { createMcpServer, functionCaller } from '../http/mcp/mcp-tools';

const settings = z
  .object({
    COPYLOOM_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
    COPYLOOM_API_KEY: z
      .string({ error: 'is missing: create a key on the Account screen (API keys) and set it' })
      .regex(/^cl_/, 'must be a Copyloom API key (cl_…)'),
  })
  .safeParse(process.env);

if (!settings.success) {
  for (const issue of settings.error.issues) console.error(`${issue.path.join('.')} ${issue.message}`);
  process.exit(1);
}

const { COPYLOOM_URL, COPYLOOM_API_KEY } = settings.data;
const server = createMcpServer(functionCaller((request) => fetch(request), COPYLOOM_URL, COPYLOOM_API_KEY));
await server.connect(new StdioServerTransport());
