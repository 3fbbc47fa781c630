// The import worker thread (import-pool.ts): a list function's body in, its parsed request and products out
// (read-list-request.ts, the same code that reads a small body on the event loop).
import { parentPort } from 'node:worker_threads';
import { AppError } from '../app-error';
import type { ImportAnswer } from './import-pool';
import type { ListFunction } from './list-body';
import { readListRequest } from './read-list-request';

const decoder = new TextDecoder();

parentPort?.on(
  'message',
  ({ name, bytes, inlineRows }: { name: ListFunction; bytes: Uint8Array; inlineRows: number }) => {
    let answer: ImportAnswer;
    try {
      answer = { ok: true, body: readListRequest(name, decoder.decode(bytes), inlineRows) };
    } catch (error) {
      answer =
        error instanceof AppError
          ? { ok: false, error: { type: error.type, message: error.publicMessage ?? error.type } }
          : { ok: false, error: { message: error instanceof Error ? error.message : String(error) } };
    }
    parentPort?.postMessage(answer);
  },
);
