import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppError as AppErrorClass } from '../../leaves/app-error/app-error';
import type { readImportBody as ReadImportBody } from './import-body';
import { INLINE_PARSE_BYTES } from './read-import-request';

const pool = vi.hoisted(() => ({ calls: 0 }));
vi.mock('./import-pool', () => ({
  runImport: async () => {
    pool.calls += 1;
    return { input: {}, list: { columns: [], parsed: [] } };
  },
}));
// Unit files may share one module graph, in which another file has already loaded the real pool: load this
// file's subjects afresh, so that they bind to the mock above.
let readImportBody: typeof ReadImportBody;
let AppError: typeof AppErrorClass;
beforeAll(async () => {
  vi.resetModules();
  ({ readImportBody } = await import('./import-body'));
  ({ AppError } = await import('../../leaves/app-error/app-error'));
});
beforeEach(() => {
  pool.calls = 0;
});

const request = (body: unknown) =>
  new Request('http://localhost/functions/v1/new-bundle', { method: 'POST', body: JSON.stringify(body) });
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => `Linen Cushion ${i},Hemma,A soft cover in sand-coloured linen`).join(
    '\n',
  );

describe('readImportBody', () => {
  it('parses a small list on the event loop, without the worker hop', async () => {
    const body = await readImportBody(
      'new-bundle',
      request({ bundle_name: 'Small', columns: ['title', 'brand', 'description'], raw_csv: rows(3) }),
    );
    expect(pool.calls).toBe(0);
    expect(body.input).toMatchObject({ bundle_name: 'Small' });
    expect(body.list?.parsed.map((p) => p.details.product_name)).toEqual([
      'Linen Cushion 0',
      'Linen Cushion 1',
      'Linen Cushion 2',
    ]);
  });

  it('refuses a bad small body with the same 400 as the worker would', async () => {
    const refused = readImportBody('new-bundle', request({ bundle_name: '', raw_csv: rows(2) }));
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ type: 'bad_input' });
    expect(pool.calls).toBe(0);
  });

  it('sends a body over INLINE_PARSE_BYTES to the import worker', async () => {
    const raw = rows(Math.ceil(INLINE_PARSE_BYTES / 50));
    expect(raw.length).toBeGreaterThan(INLINE_PARSE_BYTES);
    await readImportBody(
      'new-bundle',
      request({ bundle_name: 'Big', columns: ['title', 'brand', 'description'], raw_csv: raw }),
    );
    expect(pool.calls).toBe(1);
  });

  it('counts a Search Console upload as it arrives: its rows, its base64, and reads a small one inline', async () => {
    const upload = (body: object) =>
      readImportBody('import-search-data', request({ bundle_id: 1, period_start: '2026-10-01', ...body }));
    const header = 'Top pages,Clicks,Impressions,CTR,Position\n';
    const page = (i: number) => `/p/${i},1,10,10%,2.5`;
    const tooMany = header + Array.from({ length: 100_001 }, (_, i) => page(i)).join('\n');
    await expect(upload({ text: tooMany })).rejects.toMatchObject({
      type: 'bad_input',
      message: 'the text row 100002: more than 100000 rows; at most 100000.',
    });
    await expect(upload({ zip_base64: `UEsDBA${'é'.repeat(10)}` })).rejects.toMatchObject({
      message: 'zip_base64 is not base64.',
    });
    expect(pool.calls).toBe(0);
    const small = await upload({ text: header + page(1), period_end: '2026-10-28' });
    expect(pool.calls).toBe(0);
    expect(small.input).toMatchObject({ bundle_id: 1, text: '' });
    expect(small.search).toMatchObject({ ok: true, table: { count: 1 } });
  });
});
