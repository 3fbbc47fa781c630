import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES } from '../../common/contract/errors';
import { fileNameFromDisposition, invoke, invokeIfChanged } from './invoke';

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeFetch(response: Response | (() => Response)) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return typeof response === 'function' ? response() : response;
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('invoke', () => {
  it('sends a valid request with the bearer token and returns validated data', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse({ bundle_workflow_id: 7 }));
    const result = await invoke(
      'new-bundle-workflow',
      { bundle_id: 1, workflow_id: 2 },
      { fetch, token: () => 'tok' },
    );
    expect(result).toEqual({ data: { bundle_workflow_id: 7 } });
    expect(calls[0]!.url).toBe('/functions/v1/new-bundle-workflow');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('names the chosen workspace in X-Workspace-Id, and none for the personal one', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ bundles: [] }));
    await invoke('list-bundles', {}, { fetch, workspace: () => 'ws_client' });
    await invoke('list-bundles', {}, { fetch, workspace: () => null });
    const sent = calls.map((call) => (call.init.headers as Record<string, string>)['x-workspace-id']);
    expect(sent).toEqual(['ws_client', undefined]);
  });

  it('lists workspaces from the personal one, so a person removed from the chosen one can switch away', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ workspaces: [] }));
    await invoke('list-workspaces', {}, { fetch, workspace: () => 'ws_gone' });
    expect((calls[0]!.init.headers as Record<string, string>)['x-workspace-id']).toBeUndefined();
  });

  it("refuses a request that fails validation with 'Could not validate request body.' and sends nothing", async () => {
    const { fetch, calls } = fakeFetch(jsonResponse({}));
    const result = await invoke('view-bundle-workflow', { bundle_id: 'x' } as never, { fetch });
    expect(result.error).toEqual({ type: 'other', message: 'Could not validate request body.' });
    expect(calls).toHaveLength(0);
  });

  it("gives the SPEC's status message for a non-OK response and keeps the body's error type", async () => {
    const { fetch } = fakeFetch(
      jsonResponse({ error: { type: 'not_created', message: 'Run it first.' } }, 409),
    );
    const result = await invoke('view-bundle-workflow', { bundle_id: 1, workflow_id: 2 }, { fetch });
    expect(result.error).toEqual({
      type: 'not_created',
      message: 'Server returned a non-OK response. Status: 409',
      status: 409,
      detail: 'Run it first.',
    });
  });

  it('falls back to type other when a non-OK body is not an error body', async () => {
    const { fetch } = fakeFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const result = await invoke('list-bundles', {}, { fetch });
    expect(result.error).toMatchObject({
      type: 'other',
      message: CLIENT_MESSAGES.nonOkStatus(502),
      status: 502,
    });
  });

  it('gives the response-validation message for a malformed response', async () => {
    const { fetch } = fakeFetch(jsonResponse({ bundles: [{ id: 'not a number' }] }));
    const result = await invoke('list-bundles', {}, { fetch });
    expect(result.error).toEqual({
      type: 'other',
      message: 'Could not validate response body.',
      status: 200,
    });
  });

  it('reports an unsupported content type', async () => {
    const { fetch } = fakeFetch(
      new Response('hello', { status: 200, headers: { 'content-type': 'text/plain' } }),
    );
    const result = await invoke('list-workflows', {}, { fetch });
    expect(result.error?.message).toBe('Unsupported content type returned.');
  });

  it('asks for bytes and returns them for binary functions', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff]);
    const { fetch, calls } = fakeFetch(
      new Response(bytes, { status: 200, headers: { 'content-type': 'application/octet-stream' } }),
    );
    const result = await invoke('view-compressed-image', { bundle_workflow_products_image_id: 3 }, { fetch });
    expect(result.data).toEqual(bytes);
    expect((calls[0]!.init.headers as Record<string, string>)['x-response-format']).toBe('Uint8Array');
  });

  it('returns a binary file answer of any content type with its Content-Disposition filename', async () => {
    for (const contentType of [
      'text/csv; charset=utf-8',
      'application/json; charset=utf-8',
      'application/ld+json; charset=utf-8',
      'text/tab-separated-values; charset=utf-8',
    ]) {
      const bytes = new TextEncoder().encode('"Handle","Title"\r\n');
      const { fetch, calls } = fakeFetch(
        new Response(bytes, {
          status: 200,
          headers: {
            'content-type': contentType,
            'content-disposition': 'attachment; filename="Desk-lamps-shopify-products.csv"',
          },
        }),
      );
      const result = await invoke('export-bundle', { bundle_workflow_id: 4, format: 'shopify' }, { fetch });
      expect(result).toEqual({ data: bytes, fileName: 'Desk-lamps-shopify-products.csv' });
      expect((calls[0]!.init.headers as Record<string, string>)['x-response-format']).toBe('Uint8Array');
    }
  });

  it("still reads a binary function's JSON error answer as an error", async () => {
    const { fetch } = fakeFetch(
      jsonResponse({ error: { type: 'unknown_bundle', message: 'No such run.' } }, 404),
    );
    const result = await invoke('export-bundle', { bundle_workflow_id: 4, format: 'csv' }, { fetch });
    expect(result.error).toEqual({
      type: 'unknown_bundle',
      message: CLIENT_MESSAGES.nonOkStatus(404),
      status: 404,
      detail: 'No such run.',
    });
  });

  it('reads filename* before filename, and keeps only the last path segment', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="fallback.csv"; filename*=UTF-8''Cr%C3%A8me.csv`),
    ).toBe('Crème.csv');
    expect(fileNameFromDisposition('attachment; filename=plain.tsv')).toBe('plain.tsv');
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });

  it('reports a network failure without throwing', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    const result = await invoke('list-bundles', {}, { fetch });
    expect(result.error).toEqual({ type: 'other', message: CLIENT_MESSAGES.network });
  });

  it('sends the held ETag and reports an unchanged answer as notModified', async () => {
    const { fetch, calls } = fakeFetch(new Response(null, { status: 304, headers: { etag: '"v1"' } }));
    const result = await invokeIfChanged('view-bundle-workflow', { bundle_id: 1, workflow_id: 2 }, '"v1"', {
      fetch,
    });
    expect(result).toEqual({ notModified: true, etag: '"v1"' });
    expect((calls[0]!.init.headers as Record<string, string>)['if-none-match']).toBe('"v1"');
  });

  it('returns the ETag with fresh data', async () => {
    const { fetch } = fakeFetch(
      new Response(JSON.stringify({ bundle_workflow_id: 3 }), {
        status: 200,
        headers: { 'content-type': 'application/json', etag: '"v2"' },
      }),
    );
    const result = await invokeIfChanged('new-bundle-workflow', { bundle_id: 1, workflow_id: 2 }, '"v1"', {
      fetch,
    });
    expect(result).toEqual({ data: { bundle_workflow_id: 3 }, etag: '"v2"' });
  });
});
