// A small pool of worker threads for the CPU work of an import: JSON.parse of a body of up to 25 MB, Papa
// Parse, the store mapping and the product-list checks take seconds for a 50,000-product file (a Search
// Console export's unzip, parse and URL keys for 100,000 pages as long),
// which on the event loop would stall every other request. Here they run beside it; at most POOL_SIZE at once,
// the rest wait their turn. A worker that dies fails only its own import and is replaced on the next.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FunctionErrorType } from '../../../common/contract/errors';
import { AppError } from '../../leaves/app-error/app-error';
import { INLINE_RUN_ROWS } from '../../leaves/queue/run-jobs';
import type { ImportBody, ImportFunction } from './import-types';

/** One core stays with the event loop; two workers at most. */
const POOL_SIZE = Math.max(1, Math.min(2, os.availableParallelism() - 1));

export type ImportAnswer =
  | { ok: true; body: ImportBody }
  | { ok: false; error: { type?: FunctionErrorType; message: string } };

type Task = {
  name: ImportFunction;
  bytes: Uint8Array;
  resolve: (body: ImportBody) => void;
  reject: (error: Error) => void;
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
  worker.on('message', (answer: ImportAnswer) => {
    const task = busy.get(worker);
    busy.delete(worker);
    idle.push(worker);
    // An idle pool never keeps the process alive. Unref'd once when spawned was not enough: listening for
    // its messages refs the worker's port again, so a bench or script that imported once never exited.
    worker.unref();
    if (task) {
      if (answer.ok) task.resolve(answer.body);
      else if (answer.error.type) task.reject(new AppError(answer.error.type, answer.error.message));
      else task.reject(new Error(`The import worker failed: ${answer.error.message}`));
    }
    dispatch();
  });
  worker.on('error', (error) => {
    busy.get(worker)?.reject(error);
    busy.delete(worker);
  });
  worker.on('exit', () => {
    started -= 1;
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
    busy.get(worker)?.reject(new Error('The import worker stopped.'));
    busy.delete(worker);
    dispatch();
  });
  return worker;
}
