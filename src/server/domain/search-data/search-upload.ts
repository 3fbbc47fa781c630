// An import-search-data upload read: base64 decoded, unzipped, its CSV parsed and checked, and every page's
// match key worked out (normaliseUrl, the costly half of matching). Pure CPU work with no database, so a big
// upload is read in an import worker thread (src/server/http/import-body/import-worker.ts) and a small one on the
// event loop, by this same code. What it hands back crosses the thread boundary cheaply: the pages' strings
// end to end in one string each, with their ends and figures in typed arrays, since 100,000 page objects (or
// even 100,000 separate strings) take longer to copy to the event loop than they took to parse.
// A bad file is not thrown here but handed back: the handler names it only after the bundle is found to be
// the caller's, so a stranger's bundle answers 404 whatever the file holds.
import type { FunctionErrorType } from '../../../common/contract/errors';
import { AppError } from '../../leaves/app-error/app-error';
import { type Key, normaliseUrl } from './match-pages';
import { type PageRow, parseSearchExport, type SearchExport } from './parse-export';

/** Strings end to end, and where each ends: one string crosses to another thread as one copy. */
export type PackedStrings = { text: string; ends: Uint32Array };

export type PageTable = {
  count: number;
  urls: PackedStrings;
  /** Each page's normalised path ('' when its URL is not one) and Shopify variant ('' when none). */
  paths: PackedStrings;
  variants: PackedStrings;
  /** clicks, impressions, ctr, position of each page, in that order. */
  figures: Float64Array;
};

export type SearchUpload =
  | {
      ok: true;
      table: PageTable;
      columns: SearchExport['columns'];
      period: SearchExport['period'];
    }
  | { ok: false; error: { type: FunctionErrorType; message?: string } };

/** clicks, impressions, ctr and position: the figures of one page in PageTable.figures. */
const FIGURES_PER_PAGE = 4;

export function readSearchUpload(upload: { text?: string; zip_base64?: string }): SearchUpload {
  try {
    const read = parseSearchExport(
      upload.zip_base64 !== undefined ? { zip: decodeZip(upload.zip_base64) } : { text: upload.text ?? '' },
    );
    return { ok: true, table: tablePages(read.pages), columns: read.columns, period: read.period };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, error: { type: error.type, message: error.publicMessage } };
  }
}

/** The upload's pages, or the AppError its file earned. */
export function uploadedPages(upload: SearchUpload) {
  if (!upload.ok) throw new AppError(upload.error.type, upload.error.message);
  return upload;
}

/** The typed arrays of an upload, to be moved rather than copied to the thread that asked for it. */
export function transferablesOf(upload: SearchUpload): ArrayBuffer[] {
  if (!upload.ok) return [];
  const { table } = upload;
  return [table.urls, table.paths, table.variants]
    .map((packed) => packed.ends.buffer as ArrayBuffer)
    .concat(table.figures.buffer as ArrayBuffer);
}

function decodeZip(base64: string): Uint8Array {
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(base64)) {
    throw new AppError('bad_input', 'zip_base64 is not base64.');
  }
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

function tablePages(pages: readonly PageRow[]): PageTable {
  const keys = pages.map((page) => normaliseUrl(page.url));
  const figures = new Float64Array(pages.length * FIGURES_PER_PAGE);
  pages.forEach((page, index) => {
    figures.set([page.clicks, page.impressions, page.ctr, page.position], index * FIGURES_PER_PAGE);
  });
  return {
    count: pages.length,
    urls: pack(pages.map((page) => page.url)),
    paths: pack(keys.map((key) => key?.path ?? '')),
    variants: pack(keys.map((key) => key?.variant ?? '')),
    figures,
  };
}

function pack(strings: readonly string[]): PackedStrings {
  const ends = new Uint32Array(strings.length);
  let end = 0;
  strings.forEach((text, index) => {
    end += text.length;
    ends[index] = end;
  });
  return { text: strings.join(''), ends };
}

/** The index-th string of a packed list: a slice of the one string, which V8 makes without copying. */
export function unpackAt(packed: PackedStrings, index: number): string {
  return packed.text.slice(index === 0 ? 0 : packed.ends[index - 1]!, packed.ends[index]!);
}

export function pageKeyAt(table: PageTable, index: number): Key | null {
  const path = unpackAt(table.paths, index);
  return path ? { path, variant: unpackAt(table.variants, index) || null } : null;
}

export function pageAt(table: PageTable, index: number): PageRow {
  const at = index * FIGURES_PER_PAGE;
  const f = table.figures;
  return {
    url: unpackAt(table.urls, index),
    clicks: f[at]!,
    impressions: f[at + 1]!,
    ctr: f[at + 2]!,
    position: f[at + 3]!,
  };
}
