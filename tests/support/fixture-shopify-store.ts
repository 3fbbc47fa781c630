// Test-only: a Shopify product CSV from tests/fixtures as the Shopify fake's products, so that a real store's
// export (in its own language) can be imported through the Admin API: one product per handle, one variant per
// row with option values, one media image per image URL, the SEO fields as the file has them.
import Papa from 'papaparse';
import type { FakeShopifyProduct } from './fake-shopify';
import { readFixture } from './fixture-path';

type Row = Record<string, string>;

export function fakeShopifyProductsOf(file: string, firstId = 7_100_000_000_000): FakeShopifyProduct[] {
  const rows = Papa.parse<Row>(readFixture(file).replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  }).data;
  const byHandle = new Map<string, Row[]>();
  for (const row of rows) byHandle.set(row.Handle!, [...(byHandle.get(row.Handle!) ?? []), row]);
  let nextId = firstId;
  return [...byHandle.values()].map((group) => {
    const first = group[0]!;
    const id = nextId++;
    const optionNames = [1, 2, 3].map((n) => first[`Option${n} Name`] ?? '').filter(Boolean);
    const variantRows = group.filter((row) => row['Option1 Value']);
    const images = [...new Set(group.map((row) => row['Image Src'] ?? '').filter(Boolean))];
    return {
      id,
      handle: first.Handle!,
      title: first.Title ?? '',
      descriptionHtml: first['Body (HTML)'] ?? '',
      vendor: first.Vendor ?? '',
      productType: first.Type ?? '',
      tags: (first.Tags ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      status: 'ACTIVE',
      updatedAt: '2026-01-05T10:00:00Z',
      seo: { title: first['SEO Title'] || null, description: first['SEO Description'] || null },
      options: optionNames.map((name, i) => ({
        name,
        values: [...new Set(variantRows.map((row) => row[`Option${i + 1} Value`] ?? ''))],
      })),
      variants: variantRows.map((row, index) => ({
        id: id * 10 + index,
        title: optionNames.map((_, i) => row[`Option${i + 1} Value`]).join(' / '),
        sku: row['Variant SKU'] ?? '',
        barcode: row['Variant Barcode'] ?? '',
        price: row['Variant Price'] || '0.00',
        selectedOptions: optionNames.map((name, i) => ({ name, value: row[`Option${i + 1} Value`] ?? '' })),
      })),
      media: images.map((url, index) => ({
        id: id * 100 + index,
        url,
        alt: group.find((row) => row['Image Src'] === url)?.['Image Alt Text'] ?? '',
      })),
    };
  });
}
