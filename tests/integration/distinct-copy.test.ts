// Titles, meta descriptions and headings stay distinct across a run when many products with the same wording are saved
// at once: each save claims its wording with a lock of its own, not a lock on the whole run.
import { expect, it } from 'vitest';
import { written } from '../support/answers';
import { setupFakeOpenAIApp, waitForRun } from '../support/pipeline';

const GPT35 = 1;
const PRODUCTS = 12;

// Answers arrive together, so saves of the same wording overlap.
const t = setupFakeOpenAIApp(
  { apiKey: 'sk-distinct', behaviour: { latencyMs: 50 } },
  { workerConcurrency: PRODUCTS },
);

it('gives every product its own title, meta description and heading when they are all written alike at once', async () => {
  // The same name and brand: the fake writes the same title and meta description for each.
  const rows = Array.from(
    { length: PRODUCTS },
    (_, i) =>
      `"Plain Ceramic Mug",Potter & Co,https://example.com/mug-${i}.jpg,"Batch ${i} of our stoneware mug."`,
  );
  const created = await t.call('new-bundle', {
    bundle_name: 'Same wording',
    columns: ['title', 'brand', 'image_urls', 'description'],
    raw_csv: rows.join('\n'),
    workflow_id: GPT35,
  });
  expect(created.status).toBe(200);

  const run = await waitForRun(t.app, t.user.token, created.data.bundle_id, GPT35);
  expect(run.totals.done).toBe(PRODUCTS);
  const titles = run.products.map((p) => written(p.page_title, 'page_title'));
  const metas = run.products.map((p) => written(p.meta_description, 'meta_description'));
  expect(new Set(titles).size).toBe(PRODUCTS);
  expect(new Set(metas).size).toBe(PRODUCTS);
  // Headings too, compared as the check does: case-insensitively, after trimming.
  const headings = run.products.map((p) => written(p.heading, 'heading').trim().toLowerCase());
  expect(new Set(headings).size).toBe(PRODUCTS);
  expect(new Set(titles.map((title) => title.trim().toLowerCase())).size).toBe(PRODUCTS);
  for (const title of titles) expect([...title].length).toBeLessThanOrEqual(60);
  for (const meta of metas) expect([...meta].length).toBeLessThanOrEqual(155);
});
