// An import function's body text to its parsed request and what its file held: the work of an import,
// wherever it runs. A body of up to INLINE_PARSE_BYTES is read here on the event loop (import-body.ts), a
// bigger one in an import worker thread (import-worker.ts): the same code, so the same checks and the same
// errors either way. The request goes back without its file's text, which the products or pages replace.
import type { ParsedFunctionRequest } from '../../../common/contract/functions';
import {
  type ParsedProduct,
  parseProductList,
  streamProductList,
} from '../../domain/list-import/parse-product-list';
import {
  type ProductListInput,
  productRowsJsonb,
  readProductList,
} from '../../domain/list-import/read-product-list';
import { readSearchUpload } from '../../domain/search-data/search-upload';
import { parseRequestJson } from '../parse-body';
import type { ImportBody, ImportFunction } from './import-types';

/**
 * Bodies up to this size are parsed on the event loop. Measured on the 2-core dev box (bench/import.ts
 * support, loaded): a 1,000-row list (320 KB) parses in about 35 ms inline and 75 ms through the worker,
 * whose answer (1,000 product objects) has to be copied back; a 20-product paste in under 1 ms either way,
 * plus the hop. 256 KB keeps the longest inline parse near 30 ms, shorter than one database round trip under
 * load; anything bigger still goes to the worker, where a 25 MB body stalls nothing.
 */
export const INLINE_PARSE_BYTES = 256 * 1024;

export function readImportRequest(name: ImportFunction, text: string, inlineRows: number): ImportBody {
  return streamImportRequest(name, text, inlineRows)!;
}

/** readImportRequest, with a big list's products handed to `sink` as they are read: then undefined. */
export function streamImportRequest(
  name: ImportFunction,
  text: string,
  inlineRows: number,
  sink?: RowSink,
): ImportBody | undefined {
  if (name === 'import-search-data') {
    const input = parseRequestJson(name, text) as ParsedFunctionRequest<'import-search-data'>;
    const search = readSearchUpload(input);
    // The field that was sent stays, empty: the handler tells a ZIP from Pages.csv by it.
    const { text: _text, zip_base64: zip, ...rest } = input;
    return { input: zip !== undefined ? { ...rest, zip_base64: '' } : { ...rest, text: '' }, search };
  }
  if (name === 'estimate-cost') {
    const input = parseRequestJson(name, text) as ParsedFunctionRequest<'estimate-cost'>;
    // A bundle that exists is estimated from its stored products; only a list not yet sent is parsed here.
    if (input.bundle_id !== undefined || input.raw_csv === undefined) return { input };
    const columns = input.columns ?? [];
    const list: ProductListInput = { columns, parsed: parseProductList(input.raw_csv, columns) };
    return { input: { ...input, raw_csv: '' }, list };
  }
  return readNewBundle(text, inlineRows, sink);
}

/**
 * Where a big list's products go as they are read, in an import worker: the request first (its list without
 * products: the rows follow), then the rows a chunk at a time, each as productRowsJsonb, so that the
 * database stores one chunk while the next is read.
 */
export type RowSink = { start: (body: ImportBody) => void; rows: (jsonb: Uint8Array) => void };

/** Products a chunk: more than INLINE_RUN_ROWS, so the first chunk already tells a big list. */
const STREAM_CHUNK_ROWS = 2_000;

/** new-bundle's body; undefined when its products went to `sink` (the rows stream ends after the last). */
function readNewBundle(text: string, inlineRows: number, sink?: RowSink): ImportBody | undefined {
  const input = parseRequestJson('new-bundle', text) as ParsedFunctionRequest<'new-bundle'>;
  const { raw_csv: rawCsv, store_export: storeExport, ...rest } = input;
  const request = storeExport ? { ...rest, store_export: { format: storeExport.format, text: '' } } : rest;
  if (sink && rawCsv !== undefined && !storeExport) {
    const columns = input.columns ?? [];
    const chunkRows = Math.max(STREAM_CHUNK_ROWS, inlineRows + 1);
    let streaming = false;
    let last: ParsedProduct[] = [];
    streamProductList(rawCsv, columns, chunkRows, (products) => {
      // Only the end of the list comes short of a chunk: a list that never filled one is answered whole.
      if (!streaming && products.length < chunkRows) {
        last = products;
        return;
      }
      if (!streaming) sink.start({ input: request, list: { columns, parsed: [] } });
      streaming = true;
      sink.rows(productRowsJsonb(products));
    });
    return streaming
      ? undefined
      : { input: request, list: bigOrSmall({ columns, parsed: last }, inlineRows) };
  }
  return { input: request, list: bigOrSmall(readProductList(input), inlineRows) };
}

/** A list new-bundle leaves to the prepare-run job needs only inserting: it crosses as one buffer. */
function bigOrSmall(read: ProductListInput, inlineRows: number): ProductListInput {
  if (read.parsed.length <= inlineRows) return read;
  return { columns: read.columns, parsed: [], rows: { chunks: [productRowsJsonb(read.parsed)] } };
}
