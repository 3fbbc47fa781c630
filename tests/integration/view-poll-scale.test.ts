// Scale: the run view is polled every 5 seconds, so on a 5,000-product bundle an unchanged poll is
// answered 304 with no body, and any change to the run gives the old ETag a full answer again.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { prepareRun } from '../../src/server/domain/bundles/start-run';
import { answerOf } from '../support/answers';
import { syntheticProduct } from '../support/synthetic-products';
import { postFunction, setupTestApp } from '../support/test-app';

const OFFLINE_WORKFLOW = 4;
const PRODUCT_COUNT = 5_000;

function scaleCatalogue(count: number): { columns: string[]; raw_csv: string } {
  const rows = Array.from({ length: count }, (_, i) => {
    const { title, kind, brand } = syntheticProduct(i);
    return [
      title,
      brand,
      `https://shop.example.com/products/item-${i + 1}`,
      `https://cdn.example.com/p/${i + 1}.jpg`,
      `A hard-wearing ${kind.toLowerCase()} made for everyday use.`,
    ];
  });
  return { columns: ['title', 'brand', 'url', 'image_urls', 'description'], raw_csv: Papa.unparse(rows) };
}

// No worker runs in this file (createTestApp sets WORKER_CONCURRENCY=0), so the run stays as it was queued
// until the test itself changes it.
const t = setupTestApp();

/** The raw answer: a 304 has no body to read. */
function poll(bundleId: number, etag?: string) {
  return postFunction(
    t.app,
    'view-bundle-workflow',
    { bundle_id: bundleId, workflow_id: OFFLINE_WORKFLOW },
    t.user.token,
    etag ? { 'if-none-match': etag } : {},
  );
}

describe('view-bundle-workflow on a 5,000-product bundle', () => {
  it('answers an unchanged poll with 304 and no body, and a changed run with 200 and a new ETag', {
    timeout: 120_000,
  }, async () => {
    const createdResponse = await t.call('new-bundle', {
      bundle_name: 'Scale',
      ...scaleCatalogue(PRODUCT_COUNT),
      workflow_id: OFFLINE_WORKFLOW,
    });
    const created = createdResponse.data;
    expect(createdResponse.status, JSON.stringify(created)).toBe(200);
    expect(created.workflow_id).toBe(OFFLINE_WORKFLOW);
    // A list this big leaves its run's rows to the prepare-run job, which no worker runs here: until it has
    // run, the run reads as 0 of 5,000 done with no products.
    const preparing = await answerOf('view-bundle-workflow', await poll(created.bundle_id));
    expect(preparing.products).toHaveLength(0);
    expect(preparing).toMatchObject({ has_more: false, totals: { total: PRODUCT_COUNT, done: 0 } });
    await prepareRun(t.app.services.db, created.bundle_workflow_id);

    const full = await poll(created.bundle_id);
    expect(full.status).toBe(200);
    const etag = full.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const run = await answerOf('view-bundle-workflow', full);
    // The first page (500 products by default), with the whole run in totals.
    expect(run.products).toHaveLength(500);
    expect(run).toMatchObject({ has_more: true, next_offset: 500 });
    expect(run.totals).toMatchObject({ total: PRODUCT_COUNT, done: 0, failed: 0 });

    const unchanged = await poll(created.bundle_id, etag!);
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect(await unchanged.text()).toBe('');
    // A second unchanged poll is just as cheap: the fingerprint does not drift by itself.
    expect((await poll(created.bundle_id, etag!)).status).toBe(304);

    // An edit to one product's copy (as the user makes it in the view) changes the ETag.
    const edited = run.products[234]!;
    const edit = await t.call('update-product-copy', {
      bundle_workflow_product_id: edited.id,
      fields: { page_title: 'Hand-written title for one product' },
    });
    expect(edit.status, JSON.stringify(edit.data)).toBe(200);
    const afterEdit = await poll(created.bundle_id, etag!);
    expect(afterEdit.status).toBe(200);
    const editedEtag = afterEdit.headers.get('etag');
    expect(editedEtag).toMatch(/^"[^"]+"$/);
    expect(editedEtag).not.toBe(etag);
    const editedRun = await answerOf('view-bundle-workflow', afterEdit);
    expect(editedRun.products.find((p) => p.id === edited.id)?.page_title).toBe(
      'Hand-written title for one product',
    );
    expect((await poll(created.bundle_id, editedEtag!)).status).toBe(304);

    // So does a worker's step: one row's progress moving, written straight to the table.
    // (the run's last product, on no page the client has read).
    await t.app.database.pool.query(
      'update bundle_workflow_products set progress = 10 where id = (select max(id) from bundle_workflow_products where bundle_workflow_id = $1)',
      [run.bundle_workflow_id],
    );
    const afterProgress = await poll(created.bundle_id, editedEtag!);
    expect(afterProgress.status).toBe(200);
    const progressEtag = afterProgress.headers.get('etag');
    expect(progressEtag).not.toBe(editedEtag);
    expect(progressEtag).not.toBe(etag);
    await afterProgress.arrayBuffer();
    expect((await poll(created.bundle_id, progressEtag!)).status).toBe(304);
  });
});
