// The test helpers read function answers with the contract's schemas: an answer that does not match
// is refused, not cast. A stand-in app answers as a drifted server would, so the helpers' own parse is what
// is tested (the real server checks its answers first and would never send these).
import { describe, expect, it } from 'vitest';
import { answerOf, errorOf, readResult } from '../support/answers';
import { callFunction, type FunctionApp } from '../support/test-app';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An app that answers every call with `response()` and records the paths it was asked for. */
function standIn(response: () => Response): { app: FunctionApp; paths: string[] } {
  const paths: string[] = [];
  return {
    paths,
    app: {
      request: (path) => {
        paths.push(path);
        return response();
      },
    },
  };
}

describe('callFunction parses answers with the contract', () => {
  it('refuses a 200 answer whose field has the wrong type, naming the function and the field', async () => {
    const drifted = standIn(() => json({ queued: '3' }));
    await expect(callFunction(drifted, 'compress-images', { bundle_workflow_id: 1 })).rejects.toThrow(
      /The answer of compress-images does not match the contract:[\s\S]*expected number, received string[\s\S]*queued/,
    );
    expect(drifted.paths).toEqual(['/functions/v1/compress-images']);
  });

  it('refuses a 200 answer missing a field the contract requires', async () => {
    const missing = standIn(() => json({ bundles: [{ id: 1, name: 'No workflows', progress: 0 }] }));
    await expect(callFunction(missing, 'list-bundles', {})).rejects.toThrow(/bundles\[0\]\.workflows/);
  });

  it('hands back the parsed answer, not the raw JSON: fields outside the contract are dropped', async () => {
    const result = await callFunction(
      standIn(() => json({ queued: 3, secret_field: 'x' })),
      'compress-images',
      { bundle_workflow_id: 1 },
    );
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ queued: 3 });
  });

  it('reads a binary function as bytes whatever its Content-Type', async () => {
    const bytes = new TextEncoder().encode('{"a":1}');
    const result = await callFunction(
      standIn(() => new Response(bytes, { headers: { 'content-type': 'application/json' } })),
      'export-bundle',
      { bundle_workflow_id: 1, format: 'json' },
    );
    expect(result.data).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(result.data)).toBe('{"a":1}');
  });

  it('parses an error answer with the error schema, and reading `data` of it throws', async () => {
    const result = await callFunction(
      standIn(() => json({ error: { type: 'unknown_bundle', message: 'No such bundle' } }, 404)),
      'list-bundles',
      {},
    );
    expect(result).toEqual({
      status: 404,
      headers: expect.any(Headers),
      error: { type: 'unknown_bundle', message: 'No such bundle' },
    });
    expect(() => result.data).toThrow(/list-bundles answered 404 unknown_bundle: No such bundle/);
  });

  it('refuses an error answer outside the error schema', async () => {
    const odd = standIn(() => json({ error: { type: 'teapot' } }, 418));
    await expect(callFunction(odd, 'list-bundles', {})).rejects.toThrow(
      /The error answer does not match the contract[\s\S]*error\.type/,
    );
  });

  it('has no answer to read from a 304', async () => {
    const result = await readResult('view-bundle-workflow', new Response(null, { status: 304 }));
    expect(result.status).toBe(304);
    expect(result.error).toBeUndefined();
    expect(() => result.data).toThrow(/view-bundle-workflow answered 304, so there is no answer/);
  });
});

describe('answerOf and errorOf, for raw Responses', () => {
  it('answerOf parses a 200 and refuses a mismatch or another status', async () => {
    expect(await answerOf('delete-webhook', json({ deleted: true }))).toEqual({ deleted: true });
    await expect(answerOf('delete-webhook', json({ deleted: false }))).rejects.toThrow(/deleted/);
    await expect(answerOf('delete-webhook', json({ error: { type: 'bad_input' } }, 400))).rejects.toThrow(
      /delete-webhook answered 400, not 200/,
    );
  });

  it('errorOf parses an error body and refuses a success or a body outside the schema', async () => {
    expect(await errorOf(json({ error: { type: 'forbidden', message: 'No' } }, 403))).toEqual({
      type: 'forbidden',
      message: 'No',
    });
    await expect(errorOf(json({ deleted: true }))).rejects.toThrow(/Expected an error answer, got 200/);
    await expect(errorOf(json({ message: 'Not our shape' }, 500))).rejects.toThrow(/error/);
  });
});
