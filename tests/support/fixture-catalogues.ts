// Test-only: loads the Shopify exports in tests/fixtures as products, the way an import maps them:
// Title → product_name, Vendor → brand, Body (HTML) without tags → description, and Option1 Value → size
// (or colour, or dimensions, by Option1 Name) unless it is "Default Title".
import Papa from 'papaparse';
import type { ProductFacts } from '../../src/server/leaves/ai/copy-writer';
import { readFixture } from './fixture-path';

export const FIXTURE_CATALOGUES = ['shopify-apparel.csv', 'shopify-home-and-garden.csv'] as const;
export type FixtureCatalogue = (typeof FIXTURE_CATALOGUES)[number];

export type FixtureProduct = { position: number; handle: string; details: ProductFacts; imageUrls: string[] };

type ShopifyRow = Record<string, string | undefined>;

function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const orNull = (text: string | undefined) => (text?.trim() ? text.trim() : null);

function optionKey(optionName: string): string {
  const name = optionName.trim().toLowerCase();
  if (name === 'size') return 'size';
  if (name === 'color' || name === 'colour') return 'colour';
  return 'dimensions';
}

/**
 * The products of one catalogue, in file order. A Shopify continuation row (same handle, no title) with an
 * option value is a variant that inherits the title, vendor and body of its product's first row; one with
 * only an image adds that image to the product before it.
 */
export function loadFixtureProducts(catalogue: FixtureCatalogue): FixtureProduct[] {
  const rows = Papa.parse<ShopifyRow>(readFixture(catalogue), {
    header: true,
    skipEmptyLines: true,
  }).data;
  const products: FixtureProduct[] = [];
  let first: ShopifyRow | undefined;
  for (const row of rows) {
    if (orNull(row.Title)) first = row;
    if (!first) continue;
    const optionValue = orNull(row['Option1 Value']);
    const image = orNull(row['Image Src']);
    const isContinuation = row !== first;
    if (isContinuation && !optionValue) {
      if (image) products.at(-1)?.imageUrls.push(image);
      continue;
    }
    const details: ProductFacts = {
      product_name: orNull(first.Title),
      brand: orNull(first.Vendor),
      description: orNull(stripTags(first['Body (HTML)'] ?? '')),
    };
    if (optionValue && optionValue !== 'Default Title')
      details[optionKey(first['Option1 Name'] ?? '')] = optionValue;
    products.push({
      position: products.length,
      handle: row.Handle ?? '',
      details,
      imageUrls: image ? [image] : [],
    });
  }
  return products;
}
