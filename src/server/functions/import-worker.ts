// The import worker thread (import-pool.ts): a list function's body in, its parsed request and products out.
// The request goes back without its list text, which the products replace.
import { parentPort } from 'node:worker_threads';
import type { ParsedFunctionRequest } from '../../common/functions';
import { AppError } from '../app-error';
import { parseProductList } from '../bundles/parse-product-list';
import { type ProductListInput, productRowsJson, readProductList } from '../bundles/read-product-list';
import type { ImportAnswer } from './import-pool';
import type { ListBody, ListFunction } from './list-body';
import { parseRequestJson } from './parse-body';

const decoder = new TextDecoder();

function read(name: ListFunction, text: string, inlineRows: number): ListBody {
  if (name === 'estimate-cost') {
    const input = parseRequestJson(name, text) as ParsedFunctionRequest<'estimate-cost'>;
    // A bundle that exists is estimated from its stored products; only a list not yet sent is parsed here.
    if (input.bundle_id !== undefined || input.raw_csv === undefined) return { input };
    const columns = input.columns ?? [];
    const list: ProductListInput = { columns, parsed: parseProductList(input.raw_csv, columns) };
    return { input: { ...input, raw_csv: '' }, list };
  }
  const input = parseRequestJson(name, text) as ParsedFunctionRequest<'new-bundle'>;
  const read = readProductList(input);
  // A list new-bundle leaves to the prepare-run job needs only inserting: it crosses as one string.
  const list: ProductListInput =
    read.parsed.length > inlineRows
      ? {
          columns: read.columns,
          parsed: [],
          rowsJson: { json: productRowsJson(read.parsed), count: read.parsed.length },
        }
      : read;
  const { raw_csv: _text, store_export: storeExport, ...rest } = input;
  return {
    input: storeExport ? { ...rest, store_export: { format: storeExport.format, text: '' } } : rest,
    list,
  };
}

parentPort?.on(
  'message',
  ({ name, bytes, inlineRows }: { name: ListFunction; bytes: Uint8Array; inlineRows: number }) => {
    let answer: ImportAnswer;
    try {
      answer = { ok: true, body: read(name, decoder.decode(bytes), inlineRows) };
    } catch (error) {
      answer =
        error instanceof AppError
          ? { ok: false, error: { type: error.type, message: error.publicMessage ?? error.type } }
          : { ok: false, error: { message: error instanceof Error ? error.message : String(error) } };
    }
    parentPort?.postMessage(answer);
  },
);
