import { describe, expect, it } from 'vitest';
import { createImportScanner, type ScanTarget } from './import-limits';

/** Feeds `text` in pieces of `size` characters, as a body arrives, and returns the refusal's message. */
function scan(target: ScanTarget, text: string, size = 997): string | undefined {
  const scanner = createImportScanner(target);
  try {
    for (let at = 0; at < text.length; at += size) scanner.push(text.slice(at, at + size));
    scanner.end();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const list = (rows: number) => Array.from({ length: rows }, (_, i) => `Lamp ${i},Lumen`).join('\n');

describe('import limits, counted as the text arrives', () => {
  it('lets a list of 50,000 products and a header through, and names product 50,001', () => {
    const columns = ['title', 'brand'];
    expect(scan({ kind: 'list', columns }, `title,brand\n${list(50_000)}\n\n`)).toBeUndefined();
    expect(scan({ kind: 'list', columns }, list(50_001))).toBe(
      'Row 50,001: the list has more than 50,000 products; the limit is 50,000 per bundle.',
    );
  });

  it('numbers rows the same when a CRLF falls between two pieces, and runs a table its own row check', () => {
    const seen: number[] = [];
    const target: ScanTarget = { kind: 'table', checkRow: (_fields, record) => void seen.push(record) };
    const text = Array.from({ length: 40 }, (_, i) => `/page-${i},${i}`).join('\r\n');
    // Pieces of 3, 5 and 7 characters split some CRLFs and not others.
    for (const size of [3, 5, 7]) {
      seen.length = 0;
      expect(scan(target, text, size)).toBeUndefined();
      expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    }
  });

  it('counts Shopify variants as products and image rows per handle, quoted fields and CRLF included', () => {
    const header = 'Handle,Title,Option1 Name,Option1 Value,Image Src\r\n';
    const variants = [
      '"mug",Mug,Size,S,https://x.test/a.jpg',
      'mug,,,M,',
      'mug,,,"L ""large""",https://x.test/b.jpg',
    ];
    expect(scan({ kind: 'store_export' }, header + variants.join('\r\n'), 7)).toBeUndefined();
    const images = Array.from({ length: 251 }, (_, i) => `mug,,,,https://x.test/${i}.jpg`);
    expect(scan({ kind: 'store_export' }, `${header}mug,Mug,Size,Default Title,\n${images.join('\n')}`)).toBe(
      'Row 253 of the file (handle mug): the product has more than 250 images; the limit is 250 images per product.',
    );
  });

  it('refuses a field, a row and a file past their limits at the row they are in', () => {
    expect(scan({ kind: 'list' }, `a,b\n"${'x'.repeat(100_001)}"`)).toBe(
      'Row 2, field 1 is longer than 100,000 characters; the limit is 100,000 per field.',
    );
    expect(
      scan({ kind: 'store_export' }, `a,b\n${'x,'.repeat(20).concat('y'.repeat(90_000), ',').repeat(12)}`),
    ).toBe('Row 2 of the file is longer than 1,000,000 characters; the limit is 1,000,000 per row.');
    expect(scan({ kind: 'store_export' }, `a,b\n${'1,2\n'.repeat(250_000)}`, 65_536)).toBe(
      'Row 250,001: the file has more than 250,000 rows; the limit is 250,000 rows per file.',
    );
  });

  it('takes a quoted newline as part of its field, not a new row', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => `"Lamp ${i}","two\nlines"`).join('\n');
    expect(scan({ kind: 'list', columns: ['title', 'description'] }, rows)).toBeUndefined();
  });
});
