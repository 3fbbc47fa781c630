// Publishable copy (docs/pipeline.md) on two real store exports the earlier fixtures do not cover (tests/fixtures/SOURCES.md):
// a WooCommerce export whose cells hold "\n" escapes and double-encoded UTF-8, and a Shopify export with
// category metafield columns (Ring size, Color…) whose values are product-level lists.
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../tests/support/fixture-path';
import { mapRecord, parseDelimitedText, prepareImport } from './product-import';

const load = (name: string) => prepareImport(parseDelimitedText(readFixture(name)).rows);
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const DIRTY = /\\n|\\r|\\t|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|Â|â€|Ã[\u0080-\u00bf]/;

/** Every string a product brings into the app: its mapped fields and the store details kept beside it. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(stringsOf)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(stringsOf)
        : [];

describe('WooCommerce export with escaped line breaks (tgmodz excerpt)', () => {
  const raw = readFixture('woocommerce-tgmodz-excerpt.csv');
  const table = load('woocommerce-tgmodz-excerpt.csv');
  const products = table.records.map((record) => mapRecord(record, table.mapping));

  it('the file itself holds the escapes and the mojibake the import must undo', () => {
    expect(raw).toContain('\\n<div>');
    expect(raw).toContain('<strong>Â </strong>');
  });

  it('no field the app keeps holds "\\n" as text, a control character or mojibake', () => {
    for (const [index, product] of products.entries()) {
      for (const text of stringsOf([product, table.details[index]])) expect(text).not.toMatch(DIRTY);
    }
    expect(products[0]!.description).toContain('Join TGModz Discord server');
    expect(products[0]!.description!.split('\n').length).toBeGreaterThan(3);
  });

  it("each variation keeps its own attribute value; the parent's list is no variant's value", () => {
    expect(table.details.map((details) => details.options)).toEqual([
      [{ name: 'Tiers', value: 'Champions, Titans, Legends' }],
      [{ name: 'Tiers', value: 'Champions' }],
      [{ name: 'Tiers', value: 'Titans' }],
      [{ name: 'Tiers', value: 'Legends' }],
    ]);
    expect(table.details.slice(1).every((details) => details.parent_index === 0)).toBe(true);
  });
});

describe('Shopify export with category metafield columns (Vietjewelers excerpt)', () => {
  const table = load('shopify-vietjewelers-excerpt.csv');
  const products = table.records.map((record) => mapRecord(record, table.mapping));

  it('never maps a metafield column (Ring size, Color…) to a product column', () => {
    for (const index of Object.values(table.mapping)) {
      if (index !== null) expect(table.headers[index]).not.toMatch(/metafields/);
    }
    expect(table.mapping.size).toBeNull();
    expect(table.mapping.colour).toBeNull();
    expect(products.map((product) => product.title)).toEqual([
      'MULTI CIRCLE INTERWINE SILVER RING',
      'PERIDOT OPEN SILVER RING',
      'MOONSTONE SUN SILVER RING',
    ]);
    for (const product of products) expect(product.image_urls!.split('|')).toHaveLength(3);
  });
});
