// Real app processes for crash tests, the soak test and the soak bench: `npm run worker` (src/server/main/worker.ts)
// and the server itself (src/server/main/index.ts). No test-framework imports, so a bench can use it too.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRIES = {
  worker: { file: 'src/server/main/worker.ts', readyLine: 'Copyloom worker running' },
  server: { file: 'src/server/main/index.ts', readyLine: 'Copyloom is running at' },
} as const;
// The tsx CLI runs the script in a child node process, so SIGKILL on the CLI would orphan the real worker
// and kill nothing that holds a job. Loading tsx's loader into a single node process runs the same worker
// code without that wrapper, so the kill lands on the process that holds the jobs.
export const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Output kept per process, newest last: enough to explain a failure, bounded for a long soak. */
const KEPT_OUTPUT_CHUNKS = 400;

export type WorkerExit = { code: number | null; signal: NodeJS.Signals | null };

export type WorkerProcess = {
  name: string;
  child: ChildProcess;
  /** The latest output chunks, stdout and stderr interleaved. */
  output: string[];
  /** Resolves once the worker says it is running; rejects if it exits or takes longer than 30 s. */
  ready: Promise<void>;
  exited: Promise<WorkerExit>;
  isRunning: () => boolean;
};

const live = new Set<WorkerProcess>();
let isExitHookInstalled = false;

/** Starts `src/server/main/worker.ts` with only `env` (plus PATH and HOME): nothing else leaks into its config. */
export function spawnWorkerProcess(name: string, env: Record<string, string>): WorkerProcess {
  return spawnAppProcess('worker', name, env);
}

/** Starts the app as `npm start` would, with only `env` (plus PATH and HOME). */
export function spawnServerProcess(name: string, env: Record<string, string>): WorkerProcess {
  return spawnAppProcess('server', name, env);
}

function spawnAppProcess(
  kind: keyof typeof ENTRIES,
  name: string,
  env: Record<string, string>,
): WorkerProcess {
  const entry = ENTRIES[kind];
  if (!isExitHookInstalled) {
    // If the test or bench process itself goes down, no worker may outlive it.
    process.once('exit', killAllWorkerProcesses);
    isExitHookInstalled = true;
  }
  const child = spawn(process.execPath, ['--import', TSX_LOADER, path.join(projectRoot, entry.file)], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > KEPT_OUTPUT_CHUNKS) output.splice(0, output.length - KEPT_OUTPUT_CHUNKS);
  };
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const exited = new Promise<WorkerExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const ready = new Promise<void>((resolve, reject) => {
    let seen = '';
    // Generous: a loaded CI machine starting several processes at once (or an embedded PostgreSQL) is slow.
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start in 60 s:\n${output.join('')}`)),
      60_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk);
      // Only the start of the output matters here; the line may arrive split over chunks.
      if (seen.length < 4_096) {
        seen += chunk.toString();
        if (seen.includes(entry.readyLine)) {
          clearTimeout(timer);
          resolve();
        }
      }
    });
    child.stderr?.on('data', keep);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(
        new Error(`${name} exited before it was ready (code ${code}, signal ${signal}):\n${output.join('')}`),
      );
    });
  });
  // A failing start is reported through `ready`; this keeps a late rejection from being unhandled.
  ready.catch(() => {});
  const worker: WorkerProcess = { name, child, output, ready, exited, isRunning };
  live.add(worker);
  void exited.then(() => live.delete(worker));
  return worker;
}

/** SIGTERM (finish the jobs in hand, then exit), then SIGKILL if it has not exited after `graceMs`. */
export async function stopWorkerProcess(worker: WorkerProcess, graceMs = 20_000): Promise<WorkerExit> {
  if (!worker.isRunning()) return worker.exited;
  worker.child.kill('SIGTERM');
  const timer = setTimeout(() => worker.child.kill('SIGKILL'), graceMs);
  const exit = await worker.exited;
  clearTimeout(timer);
  return exit;
}

export function killAllWorkerProcesses(): void {
  for (const worker of live) if (worker.isRunning()) worker.child.kill('SIGKILL');
}
