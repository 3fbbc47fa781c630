// The body of a function that takes a product list (new-bundle, estimate-cost), read as a stream (issue 20):
// each chunk is counted as it arrives (import-limits.ts, on the list inside the JSON), so a file past a limit
// is refused before the rest of it is read, let alone parsed. A body that passes is parsed with its list by
// read-list-request.ts: on the event loop when it is small (INLINE_PARSE_BYTES, a few milliseconds, less than
// the hop to a thread and back), otherwise whole in an import worker thread, so a big one stalls nothing.
import { createImportScanner, type ImportScanner } from '../bundles/import-limits';
import type { ProductListInput } from '../bundles/read-product-list';
import { INLINE_RUN_ROWS } from '../queue/run-jobs';
import { runImport } from './import-pool';
import { createJsonStringTap } from './json-string-tap';
import { INLINE_PARSE_BYTES, readListRequest } from './read-list-request';

const STREAMED = new Set(['raw_csv', 'store_export.text']);

/** The functions whose body carries a product list. */
export const LIST_FUNCTIONS = ['new-bundle', 'estimate-cost'] as const;
export type ListFunction = (typeof LIST_FUNCTIONS)[number];
export const isListFunction = (name: string): name is ListFunction =>
  (LIST_FUNCTIONS as readonly string[]).includes(name);

/** The request as the contract parses it (without its list text), and its products when it sent a list. */
export type ListBody = { input: unknown; list?: ProductListInput };

export async function readListBody(name: ListFunction, request: Request): Promise<ListBody> {
  const bytes = await readCounted(request);
  if (bytes.byteLength <= INLINE_PARSE_BYTES) {
    return readListRequest(name, new TextDecoder().decode(bytes), INLINE_RUN_ROWS);
  }
  return runImport(name, bytes);
}

async function readCounted(request: Request): Promise<Uint8Array> {
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const columns: string[] = [];
  const scanners = new Map<string, ImportScanner>();
  const tap = createJsonStringTap({
    streams: (path) => STREAMED.has(path),
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
  });
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
      tap(decoder.decode(value, { stream: true }));
    }
    tap(decoder.decode());
    for (const scanner of scanners.values()) scanner.end();
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
