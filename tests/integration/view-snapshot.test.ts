// The run view reads its totals, its ETag and its products in one snapshot. Read apart, a product saved in
// between showed every product settled while the totals counted one short ("11 of 12 done"), and the client,
// seeing the run complete, stopped polling there. Here products are saved one after another while the view is
// read over and over: every answer must count exactly the products it lists as done.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/test-app';

const t = setupTestApp();
const PRODUCTS = 60;

describe('view-bundle-workflow under concurrent saves', () => {
  it('always answers totals that match its products', { timeout: 60_000 }, async () => {
    const rows = Array.from(
      { length: PRODUCTS },
      (_, i) => `Stool ${i + 1},Nordhaus,A three-legged oak stool no. ${i + 1}.`,
    );
    const created = await t.call('new-bundle', {
      bundle_name: 'Stools',
      columns: ['title', 'brand', 'description'],
      raw_csv: rows.join('\n'),
      workflow_id: 4,
    });
    expect(created.status).toBe(200);
    const runId = created.data.bundle_workflow_id;

    // No worker runs here: the test itself marks the products done, one at a time, as fast as it can.
    const { pool } = t.app.database;
    const saving = (async () => {
      const { rows: ids } = await pool.query<{ id: number }>(
        'select id from bundle_workflow_products where bundle_workflow_id = $1 order by id',
        [runId],
      );
      for (const { id } of ids) {
        await pool.query(
          `update bundle_workflow_products set status = 'done', progress = 100, updated_at = now() where id = $1`,
          [id],
        );
      }
    })();

    const mismatches: string[] = [];
    let reads = 0;
    // Reads that saw the run part-way, some products saved and some not: where a split read would disagree.
    let readsMidway = 0;
    let finished = false;
    void saving.then(() => {
      finished = true;
    });
    while (!finished || reads < 6) {
      const view = await t.call('view-bundle-workflow', {
        bundle_id: created.data.bundle_id,
        workflow_id: 4,
      });
      reads++;
      const listed = view.data.products.filter((product) => product.status === 'done').length;
      if (listed !== view.data.totals.done)
        mismatches.push(`totals ${view.data.totals.done}, listed ${listed}`);
      if (view.data.totals.done > 0 && view.data.totals.done < view.data.totals.total) readsMidway++;
    }
    await saving;
    expect(reads).toBeGreaterThan(5);
    expect(readsMidway).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
  });
});
