// The import worker thread (import-pool.ts): new-bundle's body in, its parsed request
// and products out. The request goes back without its list text, which the products replace.
import { parentPort } from 'node:worker_threads';
import type { ParsedFunctionRequest } from '../../common/functions';
import { AppError } from '../app-error';
import { readProductList } from '../bundles/read-product-list';
import type { ImportAnswer } from './import-pool';
import { parseRequestJson } from './parse-body';

const decoder = new TextDecoder();

parentPort?.on('message', (bytes: Uint8Array) => {
  let answer: ImportAnswer;
  try {
    const input = parseRequestJson(
      'new-bundle',
      decoder.decode(bytes),
    ) as ParsedFunctionRequest<'new-bundle'>;
    const list = readProductList(input);
    const { raw_csv: _list, store_export: storeExport, ...rest } = input;
    const slim = storeExport ? { ...rest, store_export: { format: storeExport.format, text: '' } } : rest;
    answer = { ok: true, body: { input: slim as ParsedFunctionRequest<'new-bundle'>, list } };
  } catch (error) {
    answer =
      error instanceof AppError
        ? { ok: false, error: { type: error.type, message: error.publicMessage ?? error.type } }
        : { ok: false, error: { message: error instanceof Error ? error.message : String(error) } };
  }
  parentPort?.postMessage(answer);
});
