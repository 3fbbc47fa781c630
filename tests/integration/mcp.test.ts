// The MCP server as an assistant meets it, through the SDK's own client: over streamable HTTP at /mcp on a real
// port, and over stdio from `npm run mcp`'s entry point. With an API key it lists the tools, makes a bundle,
// runs the built-in writer to the end and exports; a read-only key cannot start a run; another user's bundle
// is not found; a session token or no key gets nothing.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_LIMITS } from '../../src/common/contract/constants';
import type { ApiKeyScope } from '../../src/common/contract/functions';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { startTestWorker } from '../support/pipeline';
import { createTestUser, setupTestApp } from '../support/test-app';

const t = setupTestApp();
const OFFLINE_WORKFLOW = 4;
const LIST = {
  columns: ['title', 'brand', 'colour', 'description'],
  raw_csv:
    'Linen Cushion,Hemma,Sand,A soft linen cushion cover with a hidden zip.\nWool Throw,Hemma,Grey,A warm wool throw for the sofa.',
};

let server: Server;
let baseUrl: string;
let worker: RunningWorker;
const clients: Client[] = [];

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: t.app.app.fetch, hostname: '127.0.0.1', port: 0 }, () =>
      resolve(started as Server),
    );
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  worker = await startTestWorker(t.app, 2);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await worker?.stop();
  await new Promise((resolve) => server?.close(resolve));
});

async function createKey(token: string, scopes: ApiKeyScope[]): Promise<string> {
  const response = await fetch(`${baseUrl}/functions/v1/create-api-key`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `mcp ${scopes.join('+')}`, scopes }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { key: string }).key;
}

async function httpClient(key: string): Promise<Client> {
  const client = new Client({ name: 'copyloom-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function structured<T>(result: CallToolResult): T {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as T;
}

function errorText(result: CallToolResult): string {
  expect(result.isError).toBe(true);
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
}

async function runToTheEnd(client: Client, bundleId: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const run = structured<{ totals: { done: number; failed: number; total: number } }>(
      await callTool(client, 'view-bundle-workflow', { bundle_id: bundleId, workflow_id: OFFLINE_WORKFLOW }),
    );
    if (run.totals.total > 0 && run.totals.done + run.totals.failed === run.totals.total) return run;
    if (Date.now() > deadline) throw new Error(`The run did not end: ${JSON.stringify(run.totals)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the MCP server over streamable HTTP', () => {
  it('lists the API key functions as tools with the contract input schemas', async () => {
    const client = await httpClient(await createKey(t.user.token, ['read']));
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'list-bundles',
        'new-bundle',
        'new-bundle-workflow',
        'export-bundle',
        'push-to-store',
      ]),
    );
    // Managing keys and stores' credentials needs a person signed in, so no tool offers it.
    expect(names).not.toContain('create-api-key');
    expect(names).not.toContain('connect-store');
    const newBundle = tools.find((tool) => tool.name === 'new-bundle')!;
    expect(newBundle.inputSchema.properties).toHaveProperty('bundle_name');
    expect(newBundle.inputSchema.required).toContain('bundle_name');
    expect(newBundle.description).toMatch(/"write" scope/);
    expect(tools.find((tool) => tool.name === 'list-bundles')!.annotations?.readOnlyHint).toBe(true);
  });

  it('makes a bundle, runs the built-in writer to the end and exports it, with one key', async () => {
    const client = await httpClient(await createKey(t.user.token, ['read', 'write', 'run']));
    const created = structured<{ bundle_id: number; bundle_workflow_id: number }>(
      await callTool(client, 'new-bundle', {
        bundle_name: 'From an assistant',
        workflow_id: OFFLINE_WORKFLOW,
        ...LIST,
      }),
    );
    const run = await runToTheEnd(client, created.bundle_id);
    expect(run.totals).toMatchObject({ done: 2, failed: 0, total: 2 });

    const listed = structured<{ bundles: { id: number; name: string }[] }>(
      await callTool(client, 'list-bundles', {}),
    );
    expect(listed.bundles.map((bundle) => bundle.name)).toContain('From an assistant');

    const exported = await callTool(client, 'export-bundle', {
      bundle_workflow_id: created.bundle_workflow_id,
      format: 'csv',
    });
    expect(exported.isError).toBeFalsy();
    const [file] = exported.content;
    expect(file?.type).toBe('resource');
    if (file?.type !== 'resource' || !('text' in file.resource)) throw new Error('no text file');
    expect(file.resource.mimeType).toMatch(/csv/);
    expect(file.resource.uri).toMatch(/\.csv$/);
    expect(file.resource.text).toContain('Linen Cushion');
    expect(file.resource.text.split('\n').length).toBeGreaterThanOrEqual(3);
  });

  it('holds a key to its scopes: a read-only key cannot start a run', async () => {
    const writer = await httpClient(await createKey(t.user.token, ['read', 'write']));
    const { bundle_id } = structured<{ bundle_id: number }>(
      await callTool(writer, 'new-bundle', { bundle_name: 'Scoped', workflow_id: OFFLINE_WORKFLOW, ...LIST }),
    );
    const reader = await httpClient(await createKey(t.user.token, ['read']));
    const refused = await callTool(reader, 'new-bundle-workflow', {
      bundle_id,
      workflow_id: OFFLINE_WORKFLOW,
    });
    expect(errorText(refused)).toMatch(/^403 forbidden: .*"run" scope/);
  });

  it("finds no other user's bundle", async () => {
    const owner = await httpClient(await createKey(t.user.token, ['read', 'write']));
    const { bundle_id } = structured<{ bundle_id: number }>(
      await callTool(owner, 'new-bundle', { bundle_name: 'Private', workflow_id: OFFLINE_WORKFLOW, ...LIST }),
    );
    const stranger = await createTestUser(t.app);
    const other = await httpClient(await createKey(stranger.token, ['read', 'write', 'run']));
    const viewed = await callTool(other, 'view-bundle-workflow', {
      bundle_id,
      workflow_id: OFFLINE_WORKFLOW,
    });
    expect(errorText(viewed)).toMatch(/^404 /);
    const listed = structured<{ bundles: { id: number }[] }>(await callTool(other, 'list-bundles', {}));
    expect(listed.bundles.map((bundle) => bundle.id)).not.toContain(bundle_id);
  });

  it('answers a bad input as the API does, naming the field', async () => {
    const client = await httpClient(await createKey(t.user.token, ['read', 'write']));
    const refused = await callTool(client, 'new-bundle', { bundle_name: 'No list' });
    expect(errorText(refused)).toMatch(/^400 bad_input: .*columns and raw_csv, or store_export/);
  });

  it('lets in only an API key', async () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    const post = (authorization?: string) =>
      fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify(message),
      });
    expect((await post()).status).toBe(401);
    const tooBig = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer cl_x' },
      body: JSON.stringify({ ...message, params: { padding: 'x'.repeat(BUNDLE_LIMITS.maxBodyBytes) } }),
    });
    expect(tooBig.status).toBe(413);
    expect((await post(`Bearer ${t.user.token}`)).status).toBe(401);
    expect((await post('Bearer cl_not-a-real-key-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(401);
  });
});

describe('the MCP server over stdio (npm run mcp)', () => {
  it('lists the tools and calls the API of the server it is pointed at', async () => {
    const key = await createKey(t.user.token, ['read']);
    const client = new Client({ name: 'copyloom-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', 'tsx', 'src/server/main/mcp-stdio.ts'],
        env: { ...(process.env as Record<string, string>), COPYLOOM_URL: baseUrl, COPYLOOM_API_KEY: key },
        stderr: 'pipe',
      }),
    );
    clients.push(client);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('view-bundle-workflow');
    const listed = structured<{ bundles: { name: string }[] }>(await callTool(client, 'list-bundles', {}));
    expect(listed.bundles.map((bundle) => bundle.name)).toContain('From an assistant');
    const refused = await callTool(client, 'new-bundle', { bundle_name: 'x', ...LIST });
    expect(errorText(refused)).toMatch(/^403 forbidden: .*"write" scope/);
  }, 30_000);
});
