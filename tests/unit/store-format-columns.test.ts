// The store files' headers checked against the column lists in docs/store-formats.md, which quote Shopify's
// and WooCommerce's own import documentation (each rule there names its source). A header the store's
// importer does not know would be dropped or refused; this test reads the document itself, so the code and
// the written-down rules cannot drift apart.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shopifyExportHeaders } from '../../src/server/domain/export/shopify';
import { WOOCOMMERCE_HEADERS } from '../../src/server/domain/export/woocommerce';

const doc = readFileSync(path.join(import.meta.dirname, '../../docs/store-formats.md'), 'utf8');

function section(letter: string): string {
  const start = doc.indexOf(`\n## ${letter}. `);
  const end = doc.indexOf('\n## ', start + 1);
  expect(start).toBeGreaterThan(-1);
  return doc.slice(start, end === -1 ? undefined : end);
}

/** The backticked names in the first cell of every table row of a section (a header and its new twin). */
function documentedHeaders(text: string, cells: number[] = [0]): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const row = line.split('|').slice(1, -1);
    for (const index of cells) {
      for (const [, name] of (row[index] ?? '').matchAll(/`([^`]+)`/g)) {
        // "Option2 …" stands for the slot's Name and Value columns, in each spelling.
        const slot = /^Option(\d) …$/.exec(name!);
        if (slot) for (const part of ['Name', 'Value']) names.add(`Option${slot[1]} ${part}`);
        else names.add(name!);
      }
    }
  }
  return names;
}

describe('Shopify product CSV headers (docs/store-formats.md §a)', () => {
  const documented = documentedHeaders(section('a'), [0, 1]);

  it('are all columns of the documented product CSV, for runs with and without variants', () => {
    for (const hasVariants of [true, false]) {
      const unknown = shopifyExportHeaders(hasVariants).filter((header) => !documented.has(header));
      expect(unknown).toEqual([]);
    }
  });

  it('carry the columns an update needs: the handle and Title, and the option columns with any variant column', () => {
    const withVariants = shopifyExportHeaders(true);
    expect(withVariants.slice(0, 2)).toEqual(['Handle', 'Title']);
    // "variant columns (SKU, weight, …) need Option1 name/Option1 value in the file" (§a, Required columns).
    expect(withVariants).toEqual(expect.arrayContaining(['Variant SKU', 'Option1 Name', 'Option1 Value']));
    expect(shopifyExportHeaders(false).some((header) => header.startsWith('Variant '))).toBe(false);
  });

  it('are one generation: the legacy names throughout, never mixed with the 2024 ones', () => {
    const legacy = documentedHeaders(section('a'), [0]);
    expect(shopifyExportHeaders(true).filter((header) => !legacy.has(header))).toEqual([]);
  });
});

describe('WooCommerce product CSV headers (docs/store-formats.md §b)', () => {
  const text = section('b');
  const documented = documentedHeaders(text);
  // "Meta: <key>" columns: the keys §b lists for Yoast and Rank Math.
  const metaKeys = new Set([...text.matchAll(/`Meta: ([a-z_]+)`/g)].map((match) => match[1]!));

  it('are columns the exporter table lists, or Meta: columns of the documented SEO plugin keys', () => {
    expect(documented.has('Meta: <key>')).toBe(true);
    const unknown = WOOCOMMERCE_HEADERS.filter((header) =>
      header.startsWith('Meta: ') ? !metaKeys.has(header.slice('Meta: '.length)) : !documented.has(header),
    );
    expect(unknown).toEqual([]);
  });

  it("carry a matching key (ID or SKU) and both plugins' title and description", () => {
    expect(WOOCOMMERCE_HEADERS).toEqual(expect.arrayContaining(['ID', 'SKU']));
    expect(WOOCOMMERCE_HEADERS).toEqual(
      expect.arrayContaining([
        'Meta: _yoast_wpseo_title',
        'Meta: _yoast_wpseo_metadesc',
        'Meta: rank_math_title',
        'Meta: rank_math_description',
      ]),
    );
  });
});
