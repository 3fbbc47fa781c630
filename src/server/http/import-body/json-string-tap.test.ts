import { describe, expect, it } from 'vitest';
import { createJsonStringTap } from './json-string-tap';

function tap(json: string, size: number) {
  const streamed: Record<string, string> = {};
  const values: [string, string][] = [];
  const push = createJsonStringTap({
    streams: (path) => path === 'raw_csv' || path === 'store_export.text',
    chunk: (path, text) => {
      streamed[path] = (streamed[path] ?? '') + text;
    },
    value: (path, text) => values.push([path, text]),
  });
  for (let at = 0; at < json.length; at += size) push(json.slice(at, at + size));
  return { streamed, values };
}

describe('JSON string tap', () => {
  const body = {
    bundle_name: 'A "quoted" name',
    columns: ['title', 'brand'],
    raw_csv: 'Lamp,"Lumen \\ Co"\nChair ☕ 😀,Oak\t\u0001',
    store_export: { format: 'shopify', text: 'Handle,Title\n"a",B' },
    custom_fields: { keywords: 'raw_csv' },
  };
  const json = JSON.stringify(body);

  it.each([1, 2, 5, 64])('streams the chosen strings decoded, in pieces of %i characters', (size) => {
    const { streamed, values } = tap(json, size);
    expect(streamed).toEqual({ raw_csv: body.raw_csv, 'store_export.text': body.store_export.text });
    expect(values).toEqual([
      ['bundle_name', body.bundle_name],
      ['columns.[]', 'title'],
      ['columns.[]', 'brand'],
      ['store_export.format', 'shopify'],
      ['custom_fields.keywords', 'raw_csv'],
    ]);
  });

  it.each([3, 7, 300, 1_000, 4_096])(
    'decodes a long list of escapes (read natively) the same, in pieces of %i characters',
    (size) => {
      const row = (i: number) => `"Käse ${i}","A \\ path, "quoted"",☕ 😀\t\u0001${i % 7 === 0 ? '\\' : ''}`;
      const raw_csv = Array.from({ length: 400 }, (_, i) => row(i)).join('\r\n');
      const { streamed } = tap(JSON.stringify({ columns: ['title'], raw_csv, bundle_name: 'x' }), size);
      expect(streamed.raw_csv).toBe(raw_csv);
    },
  );
});
