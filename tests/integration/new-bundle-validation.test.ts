// Bad product lists get bad_input naming the row and the problem, and leave nothing behind.
import { describe, expect, it } from 'vitest';
import type { FunctionRequest } from '../../src/common/contract/functions';
import { setupTestApp } from '../support/test-app';

const t = setupTestApp();

const columns = ['title', 'brand', 'url', 'image_urls', 'dimensions', 'colour', 'description', 'fact_sheet'];
const goodRow = (i: number) =>
  `Chair ${i},Nordhaus,https://shop.example/chair-${i},,45 x 50 cm,Oak,A solid oak chair.,Seat height: 45 cm`;

const newBundle = (body: Partial<FunctionRequest<'new-bundle'>> & { raw_csv: string }) =>
  t.call('new-bundle', { bundle_name: 'Chairs', columns, ...body });

async function expectNothingWritten() {
  const { rows } = await t.app.database.pool.query(`
    select (select count(*) from bundles)::int as bundles, (select count(*) from products)::int as products,
           (select count(*) from bundle_workflows)::int as runs,
           (select count(*) from bundle_workflow_products)::int as run_products,
           (select count(*) from bundle_workflow_product_images)::int as images,
           (select count(*) from graphile_worker._private_jobs)::int as jobs`);
  expect(rows[0]).toEqual({ bundles: 0, products: 0, runs: 0, run_products: 0, images: 0, jobs: 0 });
}

describe('new-bundle bad input', () => {
  it('names row 7 when it has the wrong number of fields', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => goodRow(i + 1));
    rows[6] = 'Chair 7,Nordhaus,https://shop.example/chair-7';
    const result = await newBundle({ raw_csv: rows.join('\n') });
    expect(result.status).toBe(400);
    expect(result.error?.type).toBe('bad_input');
    expect(result.error?.message).toMatch(/Row 7 has 3 fields, but 8 columns were given/);
    await expectNothingWritten();
  });

  it('names a bad row near the end of a 20,000-row list, whose first rows were already on their way in', async () => {
    // Big enough for the import worker, which hands over the rows 2,000 at a time while it reads the rest.
    const rows = Array.from({ length: 20_000 }, (_, i) => goodRow(i + 1));
    rows[19_500] = 'Chair 19501,Nordhaus,https://shop.example/chair-19501';
    const result = await newBundle({ raw_csv: rows.join('\n') });
    expect(result.status).toBe(400);
    expect(result.error?.type).toBe('bad_input');
    expect(result.error?.message).toMatch(/^Row 19501 has 3 fields, but 8 columns were given/);
    await expectNothingWritten();
  });

  it('stores every row of a 20,000-row list that arrives in chunks, in order', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => goodRow(i + 1));
    const result = await newBundle({ raw_csv: rows.join('\n') });
    expect(result.status).toBe(200);
    const { rows: stored } = await t.app.database.pool.query<{ count: number; first: string; last: string }>(`
      select count(*)::int as count,
             min(details->>'product_name') filter (where position = 0) as first,
             min(details->>'product_name') filter (where position = 19999) as last
      from products`);
    expect(stored[0]).toEqual({ count: 20_000, first: 'Chair 1', last: 'Chair 20000' });
    // The other tests here check that nothing is written: leave nothing.
    await t.app.database.pool.query('truncate bundles cascade; delete from graphile_worker._private_jobs');
  });

  it('names the 200-character limit of a bundle name', async () => {
    const result = await newBundle({ bundle_name: 'A'.repeat(500), raw_csv: goodRow(1) });
    expect(result.status).toBe(400);
    expect(result.error?.type).toBe('bad_input');
    expect(result.error?.message).toMatch(/bundle_name must be at most 200 characters/);
    await expectNothingWritten();
  });

  it('refuses an empty list', async () => {
    for (const raw_csv of ['', '   \n\n']) {
      const result = await newBundle({ raw_csv });
      expect(result.status).toBe(400);
      expect(result.error?.type).toBe('bad_input');
      expect(result.error?.message).toMatch(/empty/i);
    }
    await expectNothingWritten();
  });

  it('refuses 50,001 rows with the limit message', async () => {
    const rows = Array.from({ length: 50_001 }, (_, i) => `Lamp ${i},Lumen`);
    const result = await newBundle({ raw_csv: rows.join('\n'), columns: ['title', 'brand'] });
    expect(result.status).toBe(400);
    expect(result.error?.message).toMatch(
      /^Row 50,001: the list has more than 50,000 products; the limit is 50,000 per bundle/,
    );
    await expectNothingWritten();
  });

  it('names an unknown column and a row with no title', async () => {
    const unknown = await newBundle({ raw_csv: goodRow(1), columns: [...columns.slice(0, 7), 'weight'] });
    expect(unknown.error?.message).toMatch(/weight/);
    const untitled = await newBundle({ raw_csv: [goodRow(1), goodRow(2).replace('Chair 2', '')].join('\n') });
    expect(untitled.error?.message).toMatch(/Row 2 has no title/);
    await expectNothingWritten();
  });

  it('refuses a body over the size cap with 413', async () => {
    const response = await t.call('new-bundle', {
      bundle_name: 'Huge',
      columns,
      raw_csv: 'x'.repeat(26 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(response.error?.type).toBe('too_large');
    expect(response.error?.message).toMatch(/25 MB limit/);
    await expectNothingWritten();
  });

  it('drops a first line that is a header row starting with the first column name', async () => {
    const header = columns.join(',');
    const result = await newBundle({ raw_csv: [header, goodRow(1), goodRow(2)].join('\n') });
    expect(result.status).toBe(200);
    const { rows } = await t.app.database.pool.query('select count(*)::int as n from products');
    expect(rows[0].n).toBe(2);
  });
});
