// What it must show: the re-import file's key cells equal the source file's byte for byte, on every real
// export in the fixtures. Shopify matches variants by their option values and WooCommerce rows by ID and
// SKU, so one space more or less ("Hauteur  31 cm" written back as "Hauteur 31 cm") makes a new variant
// and drops the old one. Each file is imported, written by the built-in writer, and exported again.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { readFixture } from '../support/fixture-path';
import { startTestWorker } from '../support/pipeline';
import { exportStoreFile, importStoreExport } from '../support/store-files';
import { setupTestApp } from '../support/test-app';

const t = setupTestApp();
let worker: RunningWorker | undefined;
beforeAll(async () => {
  worker = await startTestWorker(t.app);
});
afterAll(() => worker?.stop());

const SHOPIFY = [
  'shopify-apparel.csv',
  'shopify-home-and-garden.csv',
  'shopify-jewelry.csv',
  'shopify-product-template-2023.csv',
  'shopify-product-template-2024.csv',
  'shopify-solidus-importer-sneaker.csv',
  'shopify-vietjewelers-excerpt.csv',
  'shopify-parispousse-fr-excerpt.csv',
  'shopify-dstrctee-de-excerpt.csv',
  'shopify-aquiyahora-es-excerpt.csv',
];
const WOOCOMMERCE = ['woocommerce-sample-products.csv', 'woocommerce-tgmodz-excerpt.csv'];

/** Rows as arrays, the header first, every cell exactly as written (no trimming, BOM dropped). */
const rowsOf = (text: string) =>
  Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

/** A column by any of its names in either Shopify header generation, ignoring case. */
function column(header: readonly string[], ...names: string[]): number {
  const lower = header.map((name) => name.trim().toLowerCase());
  return names.map((name) => lower.indexOf(name.toLowerCase())).find((index) => index >= 0) ?? -1;
}

/** Each handle's variant rows as the store wrote them: the first row, then every row with an option value. */
function shopifyVariantRows(rows: string[][]) {
  const header = rows[0]!;
  const handle = column(header, 'Handle', 'URL handle');
  const values = [1, 2, 3].map((n) => column(header, `Option${n} Value`));
  const byHandle = new Map<string, string[][]>();
  for (const row of rows.slice(1)) {
    const key = (row[handle] ?? '').trim();
    const own = byHandle.get(key);
    if (!own) byHandle.set(key, [row]);
    else if (values.some((index) => index >= 0 && (row[index] ?? '').trim() !== '')) own.push(row);
  }
  return { header, byHandle };
}

describe('key cells come back byte for byte', () => {
  it.each(SHOPIFY)('%s: Handle, option names and values, Variant SKU', async (file) => {
    const source = shopifyVariantRows(rowsOf(readFixture(file)));
    const bundle = await importStoreExport(t, 'shopify', file);
    const exported = shopifyVariantRows(rowsOf((await exportStoreFile(t, bundle, 'shopify')).text));
    const keys: [string, string[]][] = [
      ['Handle', ['Handle', 'URL handle']],
      ['Variant SKU', ['Variant SKU', 'SKU']],
      ...[1, 2, 3].map((n): [string, string[]] => [`Option${n} Value`, [`Option${n} Value`]]),
    ];
    let compared = 0;
    for (const [handle, rows] of exported.byHandle) {
      const sourceRows = source.byHandle.get(handle.trim());
      expect(sourceRows, `${file}: ${handle} is in the source`).toBeDefined();
      const title = column(source.header, 'Title');
      expect(rows[0]![column(exported.header, 'Title')], `${file}: ${handle} Title`).toBe(
        sourceRows![0]![title],
      );
      for (const n of [1, 2, 3]) {
        const name = column(source.header, `Option${n} Name`);
        // A file of products without variants gets no option columns: the store keeps its own.
        if (
          name < 0 ||
          (sourceRows![0]![name] ?? '') === '' ||
          column(exported.header, `Option${n} Name`) < 0
        )
          continue;
        expect(
          rows[0]![column(exported.header, `Option${n} Name`)],
          `${file}: ${handle} Option${n} Name`,
        ).toBe(sourceRows![0]![name]);
      }
      if (column(exported.header, 'Option1 Value') < 0) continue;
      rows.forEach((row, index) => {
        for (const [header, names] of keys) {
          const from = column(source.header, ...names);
          if (from < 0) continue;
          expect(row[column(exported.header, header)], `${file}: ${handle} row ${index + 1} ${header}`).toBe(
            sourceRows![index]![from],
          );
          compared++;
        }
      });
    }
    expect(compared + exported.byHandle.size, `${file}: something was compared`).toBeGreaterThan(0);
  });

  it.each(WOOCOMMERCE)('%s: ID and SKU', async (file) => {
    const sourceRows = rowsOf(readFixture(file));
    const header = sourceRows[0]!;
    const byId = new Map(sourceRows.slice(1).map((row) => [row[column(header, 'ID')]!, row]));
    const bundle = await importStoreExport(t, 'woocommerce', file);
    const exported = rowsOf((await exportStoreFile(t, bundle, 'woocommerce')).text);
    const exportedHeader = exported[0]!;
    expect(exported.length).toBeGreaterThan(1);
    for (const row of exported.slice(1)) {
      const id = row[column(exportedHeader, 'ID')]!;
      const source = byId.get(id);
      expect(source, `${file}: ID ${JSON.stringify(id)} is the source's`).toBeDefined();
      for (const key of ['SKU'])
        expect(row[column(exportedHeader, key)], `${file}: ID ${id} ${key}`).toBe(
          source![column(header, key)],
        );
    }
  });
});
