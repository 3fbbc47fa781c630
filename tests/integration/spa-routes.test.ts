// The built web app is served with a history fallback: client-side routes get index.html, but a missing file
// (a sample CSV, an image, a script) is a 404 rather than the app's page pretending to be that file.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/main/app';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
let webRoot: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  testApp = await createTestApp();
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'copyloom-web-'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><title>Copyloom</title><div id="root"></div>',
  );
  await mkdir(path.join(webRoot, 'samples'));
  await writeFile(path.join(webRoot, 'samples', 'nordic-home.csv'), 'title,brand\nLinen Cushion,Hemma\n');
  app = createApp({ ...testApp.services, webRoot });
});
afterAll(async () => {
  await testApp?.close();
  if (webRoot) await rm(webRoot, { recursive: true, force: true });
});

describe('the web app routes', () => {
  it('serves a sample file that exists', async () => {
    const response = await app.request('/samples/nordic-home.csv');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Linen Cushion');
  });

  it('answers 404 for missing files, never the app page', async () => {
    for (const missing of [
      '/samples/missing.csv',
      '/samples/images/nope.jpg',
      '/assets/index-old.js',
      '/favicon.png',
    ]) {
      const response = await app.request(missing);
      expect(response.status, missing).toBe(404);
      expect(await response.text(), missing).not.toContain('<div id="root">');
    }
  });

  it('answers client-side routes with the app page', async () => {
    for (const route of ['/', '/new', '/view-bundle/12/1', '/account']) {
      const response = await app.request(route);
      expect(response.status, route).toBe(200);
      expect(await response.text(), route).toContain('<div id="root">');
    }
  });
});
