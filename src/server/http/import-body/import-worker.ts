// The import worker thread (import-pool.ts): an import function's body in, its parsed request and what its
// file held out (read-import-request.ts, the same code that reads a small body on the event loop). A big
// list's products go out as they are read, a chunk at a time, between a `start` and the final answer.
import { parentPort } from 'node:worker_threads';
import { transferablesOf } from '../../domain/search-data/search-upload';
import { AppError } from '../../leaves/app-error/app-error';
import type { ImportAnswer, ImportMessage } from './import-pool';
import type { ImportFunction } from './import-types';
import { type RowSink, streamImportRequest } from './read-import-request';

const decoder = new TextDecoder();

const post = (message: ImportMessage, transfer: ArrayBuffer[] = []) =>
  parentPort?.postMessage(message, transfer);

const sink: RowSink = {
  start: (body) => post({ kind: 'start', body }),
  rows: (jsonb) => post({ kind: 'rows', jsonb }, [jsonb.buffer as ArrayBuffer]),
};

parentPort?.on(
  'message',
  ({ name, bytes, inlineRows }: { name: ImportFunction; bytes: Uint8Array; inlineRows: number }) => {
    let answer: ImportAnswer;
    let transfer: ArrayBuffer[] = [];
    try {
      const body = streamImportRequest(name, decoder.decode(bytes), inlineRows, sink);
      answer = { ok: true, body };
      if (body?.search) transfer = transferablesOf(body.search);
      const chunks = body?.list?.rows?.chunks;
      if (Array.isArray(chunks)) transfer = chunks.map((jsonb: Uint8Array) => jsonb.buffer as ArrayBuffer);
    } catch (error) {
      answer =
        error instanceof AppError
          ? { ok: false, error: { type: error.type, message: error.publicMessage ?? error.type } }
          : { ok: false, error: { message: error instanceof Error ? error.message : String(error) } };
    }
    post(answer, transfer);
  },
);
