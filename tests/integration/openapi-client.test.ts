// The document as a client generator reads it: openapi-typescript makes its types, a small openapi-fetch
// client (tests/support/openapi-client/client.ts.txt) must type-check against them with tsc, reading an
// export's media type and a 304, and then runs against the app.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { setupTestApp } from '../support/test-app';

const t = setupTestApp();
const OFFLINE = 4;
const ROOT = path.resolve(import.meta.dirname, '../..');
let dir: string;
let worker: RunningWorker | undefined;

// Inside the repository (so the client resolves openapi-fetch from its node_modules), outside tsconfig's
// include (so `npm run typecheck` never sees a half-written one), removed after.
beforeAll(async () => {
  dir = await mkdtemp(path.join(ROOT, '.openapi-client-'));
  worker = await startTestWorker(t.app);
});
afterAll(async () => {
  await worker?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The generated client's module as this test calls it (its own types are what tsc checked above). */
type ClientModule = {
  clientOf: (fetch: (request: Request) => Promise<Response>, token: string) => unknown;
  exportCsv: (
    client: unknown,
    runId: number,
  ) => Promise<{ text?: string; mediaType?: string; status: number }>;
  viewTwice: (
    client: unknown,
    bundleId: number,
    workflowId: number,
  ) => Promise<{ totals?: number; status: number }>;
};

async function generateClient(): Promise<void> {
  const document = await (await t.app.app.request('/api/openapi.json')).text();
  await writeFile(path.join(dir, 'api.d.ts'), astToString(await openapiTS(document)));
  await copyFile(path.join(ROOT, 'tests/support/openapi-client/client.ts.txt'), path.join(dir, 'client.ts'));
  const tsconfig = {
    compilerOptions: {
      target: 'ES2023',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'Bundler',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    },
    files: ['client.ts', 'api.d.ts'],
  };
  await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
}

describe('a client generated from the document', () => {
  it('type-checks, and reads an export and a 304 from the app', async () => {
    await generateClient();
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const checked = await promisify(execFile)(process.execPath, [tsc, '-p', dir]).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout, failed: true }),
    );
    expect(checked.stdout).toBe('');

    const created = await t.call('new-bundle', {
      bundle_name: 'Client',
      columns: ['title'],
      raw_csv: 'Linen Shirt',
      workflow_id: OFFLINE,
    });
    await waitForRun(t.app, t.user.token, created.data.bundle_id, OFFLINE);
    const client = (await import(path.join(dir, 'client.ts'))) as ClientModule;
    const api = client.clientOf(async (request) => t.app.app.request(request), t.user.token);
    const file = await client.exportCsv(api, created.data.bundle_workflow_id);
    expect(file).toMatchObject({ status: 200, mediaType: 'text/csv' });
    expect(file.text).toContain('Linen Shirt');
    const view = await client.viewTwice(api, created.data.bundle_id, OFFLINE);
    expect(view).toMatchObject({ totals: 1, status: 304 });
  });
});
