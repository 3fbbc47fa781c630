// "Fill empty, don't overwrite": a bundle made from a store export with fill_empty_only keeps
// the store's SEO title, meta description, body and alt texts in every store file, and writes new copy only
// where the store left a field empty. Without the option the new copy goes everywhere.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { postFunction, setupTestApp } from '../support/test-app';

const t = setupTestApp();
const OFFLINE = 4;

const STORE_BODY = '<p>Hand-thrown <strong>stoneware</strong> mug.</p>';
const SHOPIFY_EXPORT = Papa.unparse([
  [
    'Handle',
    'Title',
    'Body (HTML)',
    'Vendor',
    'Option1 Name',
    'Option1 Value',
    'Variant SKU',
    'Image Src',
    'Image Position',
    'Image Alt Text',
    'SEO Title',
    'SEO Description',
  ],
  [
    'stoneware-mug',
    'Stoneware Mug',
    STORE_BODY,
    'Kiln & Co',
    'Title',
    'Default Title',
    'MUG-1',
    'https://img.example/mug-1.jpg',
    '1',
    'Our mug on a shelf',
    'Mug – hand-thrown stoneware',
    'A hand-thrown stoneware mug from Kiln & Co.',
  ],
  // The store has an image without alt text: only that alt text is new.
  ['stoneware-mug', '', '', '', '', '', '', 'https://img.example/mug-2.jpg', '2', '', '', ''],
  // A product with no SEO fields and no body: everything is new.
  [
    'oak-board',
    'Oak Serving Board',
    '',
    'Tre',
    'Title',
    'Default Title',
    'OAK-1',
    'https://img.example/board.jpg',
    '1',
    '',
    '',
    '',
  ],
]);

const WOOCOMMERCE_EXPORT = Papa.unparse([
  [
    'ID',
    'Type',
    'SKU',
    'Name',
    'Short description',
    'Description',
    'Regular price',
    'Meta: _yoast_wpseo_title',
    'Meta: _yoast_wpseo_metadesc',
  ],
  ['11', 'simple', 'CUP-1', 'Espresso Cup', 'Small and sturdy.', '', '9', 'Espresso Cup – Kiln', ''],
  ['12', 'simple', 'SAU-1', 'Saucer', '', '', '5', '', 'A saucer for the espresso cup.'],
]);

let worker: RunningWorker | undefined;
beforeAll(async () => {
  worker = await startTestWorker(t.app);
});
afterAll(() => worker?.stop());

async function bundleFrom(format: 'shopify' | 'woocommerce', text: string, fillEmptyOnly: boolean) {
  const created = await t.call('new-bundle', {
    bundle_name: `Fill empty ${format} ${fillEmptyOnly}`,
    store_export: { format, text },
    workflow_id: OFFLINE,
    fill_empty_only: fillEmptyOnly,
  });
  expect(created.status).toBe(200);
  const run = await waitForRun(t.app, t.user.token, created.data.bundle_id, OFFLINE);
  expect(run.totals.done).toBe(run.totals.total);
  return { bundleWorkflowId: created.data.bundle_workflow_id, run };
}

async function exportRows(bundleWorkflowId: number, format: string) {
  const response = await postFunction(
    t.app,
    'export-bundle',
    { bundle_workflow_id: bundleWorkflowId, format },
    t.user.token,
    { 'x-response-format': 'Uint8Array' },
  );
  expect(response.status).toBe(200);
  const text = new TextDecoder().decode(await response.arrayBuffer());
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe("fill empty, don't overwrite", () => {
  it('keeps the store copy of a Shopify export in the view as store_copy, outside the prompt details', async () => {
    const { run } = await bundleFrom('shopify', SHOPIFY_EXPORT, true);
    const mug = run.products.find((product) => product.product_details.handle === 'stoneware-mug')!;
    // Beside the copy, the key cells the re-import file writes back as they came.
    const { key_cells: mugKeys, ...mugCopy } = mug.store_copy ?? {};
    expect(mugCopy).toEqual({
      page_title: 'Mug – hand-thrown stoneware',
      meta_description: 'A hand-thrown stoneware mug from Kiln & Co.',
      description: STORE_BODY,
      alt_texts: ['Our mug on a shelf', ''],
    });
    expect(mugKeys?.Handle).toBe('stoneware-mug');
    expect(Object.keys(mug.product_details)).not.toContain('current_page_title');
    const board = run.products.find((product) => product.product_details.handle === 'oak-board')!;
    const { key_cells: boardKeys, ...boardCopy } = board.store_copy ?? {};
    expect(boardCopy).toEqual({});
    expect(boardKeys?.Handle).toBe('oak-board');
  });

  it('Shopify: the store values stay where it had them, new copy fills only the empty fields', async () => {
    const { bundleWorkflowId, run } = await bundleFrom('shopify', SHOPIFY_EXPORT, true);
    const rows = await exportRows(bundleWorkflowId, 'shopify');
    const mugRows = rows.filter((row) => row.Handle === 'stoneware-mug');
    expect(mugRows[0]).toMatchObject({
      Title: 'Stoneware Mug',
      'Body (HTML)': STORE_BODY,
      'SEO Title': 'Mug – hand-thrown stoneware',
      'SEO Description': 'A hand-thrown stoneware mug from Kiln & Co.',
    });
    const altByImage = new Map(mugRows.map((row) => [row['Image Src'], row['Image Alt Text']]));
    expect(altByImage.get('https://img.example/mug-1.jpg')).toBe('Our mug on a shelf');
    const generatedMug = run.products.find((product) => product.product_details.handle === 'stoneware-mug')!;
    const newAlt = altByImage.get('https://img.example/mug-2.jpg');
    expect(newAlt).toBe(generatedMug.image_details?.[1]?.alt_text);
    expect(newAlt).not.toBe('');

    const board = rows.find((row) => row.Handle === 'oak-board')!;
    const generatedBoard = run.products.find((product) => product.product_details.handle === 'oak-board')!;
    expect(board['SEO Title']).toBe(generatedBoard.page_title);
    expect(board['SEO Description']).toBe(generatedBoard.meta_description);
    expect(board['Body (HTML)']).toContain('<p>');
  });

  it('Shopify without the option: the new copy replaces the store copy', async () => {
    const { bundleWorkflowId, run } = await bundleFrom('shopify', SHOPIFY_EXPORT, false);
    const rows = await exportRows(bundleWorkflowId, 'shopify');
    const mug = rows.find((row) => row.Handle === 'stoneware-mug' && row.Title !== '')!;
    const generated = run.products.find((product) => product.product_details.handle === 'stoneware-mug')!;
    expect(mug['SEO Title']).toBe(generated.page_title);
    expect(mug['SEO Title']).not.toBe('Mug – hand-thrown stoneware');
    expect(mug['Body (HTML)']).not.toBe(STORE_BODY);
  });

  it('WooCommerce: Yoast fields and the short description the store has are kept, the empty ones filled', async () => {
    const { bundleWorkflowId, run } = await bundleFrom('woocommerce', WOOCOMMERCE_EXPORT, true);
    const rows = await exportRows(bundleWorkflowId, 'woocommerce');
    const cup = rows.find((row) => row.ID === '11')!;
    const saucer = rows.find((row) => row.ID === '12')!;
    const generatedCup = run.products.find((product) => product.product_details.id === '11')!;
    const generatedSaucer = run.products.find((product) => product.product_details.id === '12')!;
    expect(cup['Meta: _yoast_wpseo_title']).toBe('Espresso Cup – Kiln');
    expect(cup['Meta: _yoast_wpseo_metadesc']).toBe(generatedCup.meta_description);
    expect(cup['Short description']).toBe('Small and sturdy.');
    expect(saucer['Meta: _yoast_wpseo_title']).toBe(generatedSaucer.page_title);
    expect(saucer['Meta: _yoast_wpseo_metadesc']).toBe('A saucer for the espresso cup.');
    expect(saucer['Meta: rank_math_description']).toBe('A saucer for the espresso cup.');
  });
});
