// A small pool of worker threads for the CPU work of an import: JSON.parse of a body of up to 25 MB, Papa
// Parse, the store mapping and the product-list checks take seconds for a 50,000-product file (a Search
// Console export's unzip, parse and URL keys for 100,000 pages as long),
// which on the event loop would stall every other request. Here they run beside it; at most POOL_SIZE at once,
// the rest wait their turn. A worker that dies fails only its own import and is replaced on the next.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FunctionErrorType } from '../../../common/contract/errors';
import { AppError } from '../../leaves/app-error/app-error';
import { INLINE_RUN_ROWS } from '../../leaves/queue/run-jobs';
import type { ImportBody, ImportFunction } from './import-types';

/** One core stays with the event loop; two workers at most. */
const POOL_SIZE = Math.max(1, Math.min(2, os.availableParallelism() - 1));

/** A worker's last message for a task: its body, or undefined after a stream of rows; or the error. */
export type ImportAnswer =
  | { ok: true; body: ImportBody | undefined }
  | { ok: false; error: { type?: FunctionErrorType; message: string } };

/** What a worker posts: a big list's request and rows as they are read, then the answer. */
export type ImportMessage =
  | ImportAnswer
  | { kind: 'start'; body: ImportBody }
  | { kind: 'rows'; jsonb: Uint8Array };

type Task = {
  name: ImportFunction;
  bytes: Uint8Array;
  resolve: (body: ImportBody) => void;
  reject: (error: Error) => void;
  /** A big list's rows, once its worker has started them: what the worker reads next is pushed here. */
  rows?: Readable;
};

// Built, the server is one file beside import-worker.js. From source (tsx, Vitest) the worker is TypeScript,
// and a thread does not take the loader of the process that starts it: esbuild (a dev dependency, as running
// from source is) bundles it once per process into a temporary file.
const fromSource = import.meta.url.endsWith('.ts');
let workerFile: Promise<string | URL> | undefined;

function workerEntry(): Promise<string | URL> {
  workerFile ??= fromSource
    ? bundleFromSource()
    : Promise.resolve(new URL('./import-worker.js', import.meta.url));
  return workerFile;
}

async function bundleFromSource(): Promise<string> {
  const outfile = path.join(os.tmpdir(), `copyloom-import-worker-${process.pid}.mjs`);
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./import-worker.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  process.once('exit', () => rmSync(outfile, { force: true }));
  return outfile;
}

let entry: string | URL | undefined;
const idle: Worker[] = [];
const busy = new Map<Worker, Task>();
const waiting: Task[] = [];
let started = 0;

/** An import function's body, parsed and its file read in a worker thread; AppError('bad_input') for bad input. */
export async function runImport(name: ImportFunction, bytes: Uint8Array): Promise<ImportBody> {
  entry ??= await workerEntry();
  return new Promise((resolve, reject) => {
    waiting.push({ name, bytes, resolve, reject });
    dispatch();
  });
}

function dispatch(): void {
  while (waiting.length > 0) {
    let worker = idle.pop();
    if (!worker) {
      if (started >= POOL_SIZE) return;
      worker = spawn();
    }
    const task = waiting.shift()!;
    busy.set(worker, task);
    // A worker at work keeps the process alive until it answers; an idle one does not (see spawn).
    worker.ref();
    worker.postMessage({ name: task.name, bytes: task.bytes, inlineRows: INLINE_RUN_ROWS }, [
      task.bytes.buffer as ArrayBuffer,
    ]);
  }
}

function spawn(): Worker {
  const worker = new Worker(entry!);
  started += 1;
  worker.on('message', (message: ImportMessage) => {
    const task = busy.get(worker);
    if (!task) return;
    if ('kind' in message) {
      if (message.kind === 'start') task.resolve(streamRows(task, message.body));
      else task.rows?.push(message.jsonb);
      return;
    }
    busy.delete(worker);
    idle.push(worker);
    // An idle pool never keeps the process alive. Unref'd once when spawned was not enough: listening for
    // its messages refs the worker's port again, so a bench or script that imported once never exited.
    worker.unref();
    finish(task, message);
    dispatch();
  });
  worker.on('error', (error) => {
    const task = busy.get(worker);
    if (task) fail(task, error);
    busy.delete(worker);
  });
  worker.on('exit', () => {
    started -= 1;
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
    const task = busy.get(worker);
    if (task) fail(task, new Error('The import worker stopped.'));
    busy.delete(worker);
    dispatch();
  });
  return worker;
}

/** The request, answered at once with a stream its rows arrive on while the worker reads on. */
function streamRows(task: Task, body: ImportBody): ImportBody {
  task.rows = new Readable({ objectMode: true, read: () => undefined });
  // Nobody may be reading yet (the handler refused the request first): the error must not go unhandled.
  task.rows.on('error', () => undefined);
  return { ...body, list: { ...body.list!, rows: { chunks: task.rows } } };
}

function finish(task: Task, answer: ImportAnswer): void {
  if (!answer.ok) {
    const { type, message } = answer.error;
    fail(task, type ? new AppError(type, message) : new Error(`The import worker failed: ${message}`));
  } else if (task.rows) task.rows.push(null);
  else if (answer.body) task.resolve(answer.body);
  else task.reject(new Error('The import worker answered nothing.'));
}

/** Ends the task with an error: the rows stream with it once started, else the request. */
function fail(task: Task, error: Error): void {
  if (task.rows) task.rows.destroy(error);
  else task.reject(error);
}
