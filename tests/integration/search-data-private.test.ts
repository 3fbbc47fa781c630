// Search Console data is the user's: after an import, a run for the top products sends the model
// the products' own details and nothing of the export: no figures, no unmatched page, no header.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { setupFakeOpenAIApp, waitForRun } from '../support/pipeline';
import { exportZip, zipBase64 } from '../support/search-console-export';

const t = setupFakeOpenAIApp({ apiKey: 'sk-private' }, { workerConcurrency: 2 });
const OFFLINE = 4;
const GPT_4O_MINI = 5;

describe('search data never reaches the model', () => {
  it('a top-3 run on an AI workflow sends no search figure, page or header', async () => {
    const names = ['Alder Bench', 'Birch Shelf', 'Cedar Chest', 'Damson Stool'];
    const created = await t.call('new-bundle', {
      bundle_name: 'Private data',
      columns: ['title', 'url', 'description'],
      raw_csv: Papa.unparse(
        names.map((name, i) => [
          name,
          `https://shop.example/products/item-${i}`,
          `A solid ${name.toLowerCase()}.`,
        ]),
      ),
      workflow_id: OFFLINE,
    });
    expect(created.status).toBe(200);
    const bundleId = created.data.bundle_id;
    await waitForRun(t.app, t.user.token, bundleId, OFFLINE);
    const pages = [
      ...names.map((_, i) => ({
        url: `https://shop.example/products/item-${i}`,
        clicks: 4_321 + i,
        impressions: 987_654 + i,
        position: 3.7,
      })),
      { url: 'https://shop.example/blogs/secret-launch-7731', clicks: 5, impressions: 500, position: 2 },
    ];
    const imported = await t.call('import-search-data', {
      bundle_id: bundleId,
      zip_base64: zipBase64(exportZip(pages, { start: '2026-10-01', end: '2026-10-28' })),
    });
    expect(imported.data.matched).toBe(4);
    t.fake.reset();
    const started = await t.call('new-bundle-workflow', {
      bundle_id: bundleId,
      workflow_id: GPT_4O_MINI,
      only_top: 3,
    });
    expect(started.status, JSON.stringify(started.error)).toBe(200);
    const run = await waitForRun(t.app, t.user.token, bundleId, GPT_4O_MINI);
    expect(run.totals).toMatchObject({ total: 3, done: 3 });
    const sent = t.fake.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(sent.length).toBeGreaterThanOrEqual(3);
    const text = JSON.stringify(sent.map((r) => r.body));
    expect(text).toContain('Cedar Chest');
    for (const secret of [
      '987654',
      '987,654',
      '4321',
      '4,321',
      'secret-launch-7731',
      'Impressions',
      'Top pages',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  }, 90_000);
});
