// The import worker thread (import-pool.ts): an import function's body in, its parsed request and what its
// file held out (read-import-request.ts, the same code that reads a small body on the event loop).
import { parentPort } from 'node:worker_threads';
import { transferablesOf } from '../../domain/search-data/search-upload';
import { AppError } from '../../leaves/app-error/app-error';
import type { ImportAnswer } from './import-pool';
import type { ImportFunction } from './import-types';
import { readImportRequest } from './read-import-request';

const decoder = new TextDecoder();

parentPort?.on(
  'message',
  ({ name, bytes, inlineRows }: { name: ImportFunction; bytes: Uint8Array; inlineRows: number }) => {
    let answer: ImportAnswer;
    let transfer: ArrayBuffer[] = [];
    try {
      const body = readImportRequest(name, decoder.decode(bytes), inlineRows);
      answer = { ok: true, body };
      if (body.search) transfer = transferablesOf(body.search);
      if (body.list?.rows) transfer = [body.list.rows.jsonb.buffer as ArrayBuffer];
    } catch (error) {
      answer =
        error instanceof AppError
          ? { ok: false, error: { type: error.type, message: error.publicMessage ?? error.type } }
          : { ok: false, error: { message: error instanceof Error ? error.message : String(error) } };
    }
    parentPort?.postMessage(answer, transfer);
  },
);
