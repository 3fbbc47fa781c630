// new-bundle with a WooCommerce export whose header row the exporter wrote in Russian or German: read as
// WooCommerce (not as a spreadsheet whose header is a product), every variation linked to its parent.
import { describe, expect, it } from 'vitest';
import { readFixture } from '../support/fixture-path';
import { setupTestApp } from '../support/test-app';

const t = setupTestApp();
const OFFLINE_WORKFLOW = 4;

async function imported(name: string) {
  const created = await t.call('new-bundle', {
    bundle_name: name,
    store_export: { format: 'auto', text: readFixture(name) },
    workflow_id: OFFLINE_WORKFLOW,
  });
  expect(created.error).toBeUndefined();
  const { rows } = await t.app.database.pool.query<{
    name: string;
    sku: string | null;
    type: string | null;
    parent: string | null;
  }>(
    `select pr.details->>'product_name' as name, pr.details->>'sku' as sku, pr.details->>'product_type' as type,
            (select pp.details->>'product_name' from bundle_workflow_products pw
             join products pp on pp.id = pw.product_id where pw.id = w.is_multiple_of) as parent
     from bundle_workflow_products w join products pr on pr.id = w.product_id
     where w.bundle_workflow_id = $1 order by pr.position`,
    [created.data.bundle_workflow_id],
  );
  return { bundleId: created.data.bundle_id, rows };
}

describe('a WooCommerce export with a translated header', () => {
  it('imports the Russian store export product by product, in Russian', async () => {
    const { bundleId, rows } = await imported('woocommerce-dorechi-ru-excerpt.csv');
    expect(rows).toHaveLength(9);
    expect(rows[0]!.name).toBe('КОМБИНЕЗОН С ОSТДЕЛКОЙ ИЗ КРУЖЕВА');
    expect(rows.every((row) => row.type === 'simple' && row.parent === null)).toBe(true);
    const view = await t.call('view-bundle-workflow', { bundle_id: bundleId, workflow_id: OFFLINE_WORKFLOW });
    expect(view.data.language.language).toBe('ru');
  });

  it('imports the German-header export exactly as the English one, every variation linked to its parent', async () => {
    const german = await imported('woocommerce-sample-products-de-header.csv');
    const english = await imported('woocommerce-sample-products.csv');
    expect(german.rows).toEqual(english.rows);
    const variations = german.rows.filter((row) => row.type === 'variation');
    expect(variations.length).toBeGreaterThan(0);
    expect(variations.every((row) => row.parent !== null)).toBe(true);
  });
});
