// The body of a function that takes a file (new-bundle's and estimate-cost's product list or store export,
// import-search-data's Search Console export), read as a stream: each chunk of the file inside the JSON is
// counted as it arrives (the limits of its kind, below), so a file past a limit is refused before the rest
// of it is read, let alone parsed. A body that passes is parsed with its file by read-import-request.ts: on
// the event loop when it is small (INLINE_PARSE_BYTES, a few milliseconds, less than the hop to a thread and
// back), otherwise whole in an import worker thread, so a big one stalls nothing.
import { createHash, type Hash } from 'node:crypto';
import { SEARCH_IMPORT_MAX_CHARS } from '../../../common/contract/functions/search-data';
import { createImportScanner, type ImportScanner } from '../../domain/list-import/import-limits';
import { createPageRowLimit } from '../../domain/search-data/parse-export';
import { AppError } from '../../leaves/app-error/app-error';
import { INLINE_RUN_ROWS } from '../../leaves/queue/run-jobs';
import { runImport } from './import-pool';
import type { ImportBody, ImportFunction } from './import-types';
import { createJsonStringTap } from './json-string-tap';
import { INLINE_PARSE_BYTES, readImportRequest } from './read-import-request';

export async function readImportBody(name: ImportFunction, request: Request): Promise<ImportBody> {
  const limits = name === 'import-search-data' ? searchLimits() : listLimits();
  const digest = request.headers.has('idempotency-key') ? createHash('sha256') : undefined;
  const bytes = await readCounted(request, digest ? digesting(limits, digest) : limits);
  const body =
    bytes.byteLength <= INLINE_PARSE_BYTES
      ? readImportRequest(name, new TextDecoder().decode(bytes), INLINE_RUN_ROWS)
      : await runImport(name, bytes);
  return digest ? { ...body, fileDigest: digest.digest('hex') } : body;
}

/** The same limits, with every streamed string also hashed: by path and text, whatever the chunks' sizes. */
function digesting(limits: Limits, digest: Hash): Limits {
  let lastPath: string | undefined;
  return {
    ...limits,
    chunk: (path, text) => {
      if (path !== lastPath) digest.update(`\0${path}\0`);
      lastPath = path;
      digest.update(text);
      limits.chunk(path, text);
    },
  };
}

/** What is counted of a body as it arrives: the strings at some paths, piece by piece, and short ones whole. */
type Limits = {
  streams: (path: string) => boolean;
  chunk: (path: string, text: string) => void;
  value?: (path: string, text: string) => void;
  end: () => void;
};

const LIST_PATHS = new Set(['raw_csv', 'store_export.text']);

function listLimits(): Limits {
  const columns: string[] = [];
  const scanners = new Map<string, ImportScanner>();
  return {
    streams: (path) => LIST_PATHS.has(path),
    chunk: (path, text) => {
      let scanner = scanners.get(path);
      if (!scanner) {
        // The columns count only when the request gave them before the list (JSON.stringify keeps key order).
        scanner = createImportScanner(
          path === 'raw_csv'
            ? { kind: 'list', columns: columns.length > 0 ? [...columns] : undefined }
            : { kind: 'store_export' },
        );
        scanners.set(path, scanner);
      }
      scanner.push(text);
    },
    value: (path, text) => {
      if (path === 'columns.[]') columns.push(text);
    },
    end: () => {
      for (const scanner of scanners.values()) scanner.end();
    },
  };
}

const NOT_BASE64 = /[^A-Za-z0-9+/=\s]/;

/**
 * A Search Console upload: the contract's SEARCH_IMPORT_MAX_CHARS for either field, Pages.csv's rows
 * (MAX_PAGE_ROWS, parse-export.ts) and the cell and row lengths of any file, and a ZIP's base64 alphabet.
 */
function searchLimits(): Limits {
  const length = { text: 0, zip_base64: 0 };
  let pages: ImportScanner | undefined;
  return {
    streams: (path) => path === 'text' || path === 'zip_base64',
    chunk: (path, text) => {
      const field = path as keyof typeof length;
      length[field] += text.length;
      if (length[field] > SEARCH_IMPORT_MAX_CHARS) {
        throw new AppError(
          'bad_input',
          `${field} is longer than ${SEARCH_IMPORT_MAX_CHARS} characters; the limit is ${SEARCH_IMPORT_MAX_CHARS}.`,
        );
      }
      if (field === 'zip_base64') {
        if (NOT_BASE64.test(text)) throw new AppError('bad_input', 'zip_base64 is not base64.');
        return;
      }
      pages ??= createImportScanner({ kind: 'table', checkRow: createPageRowLimit('the text') });
      pages.push(text);
    },
    end: () => pages?.end(),
  };
}

/** The most of a body counted in one go, and between turns of the event loop: a few milliseconds' work. */
const TAP_SLICE_BYTES = 64 * 1024;
const YIELD_EVERY_BYTES = 512 * 1024;

async function readCounted(request: Request, limits: Limits): Promise<Uint8Array> {
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const tap = createJsonStringTap(limits);
  const decoder = new TextDecoder();
  let sinceYield = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
      for (let at = 0; at < value.byteLength; at += TAP_SLICE_BYTES) {
        tap(decoder.decode(value.subarray(at, at + TAP_SLICE_BYTES), { stream: true }));
        sinceYield += Math.min(TAP_SLICE_BYTES, value.byteLength - at);
        // Chunks already buffered resolve each read at once, in microtasks: without a turn of the event
        // loop now and then, counting a 19 MB body that came in faster than it is counted blocks it.
        if (sinceYield >= YIELD_EVERY_BYTES) {
          sinceYield = 0;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    }
    tap(decoder.decode());
    limits.end();
  } catch (error) {
    chunks.length = 0;
    discardRest(reader);
    throw error;
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The refused rest of a body is read and dropped, so the client gets its answer on a connection still in order. */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  void (async () => {
    try {
      for (;;) if ((await reader.read()).done) return;
    } catch {
      // The body limit or the client ended it.
    }
  })();
}
