import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { SAMPLE_STORES, sampleProductList } from './sample-stores';

describe('sample stores', () => {
  it('each has at least 8 products, with variants, in the manual column order', () => {
    for (const store of SAMPLE_STORES) {
      const rows = Papa.parse<string[]>(sampleProductList(store, 'http://localhost:3000')).data;
      expect(rows.length).toBeGreaterThanOrEqual(8);
      for (const row of rows) expect(row).toHaveLength(8);
      const titles = rows.map((row) => row[0]);
      expect(new Set(titles).size).toBeLessThan(titles.length);
      expect(rows[0]![3]).toMatch(
        new RegExp(`^http://localhost:3000/samples/${store.folder}/[a-z0-9-]+\\.jpg$`),
      );
    }
  });

  it('has every image it names in the public folder', () => {
    for (const store of SAMPLE_STORES) {
      for (const file of store.products.flatMap((product) => product.images)) {
        const url = new URL(`../public/samples/${store.folder}/${file}`, import.meta.url);
        expect(existsSync(fileURLToPath(url)), file).toBe(true);
      }
    }
  });
});
