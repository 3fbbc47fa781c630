// The embedded PostgreSQL of an app process started with a DATA_DIR of its own (spawnServerProcess), for
// tests that SIGKILL its postmaster: where it listens and the postmaster's pid, as it left them in DATA_DIR,
// and a query through a connection of its own, so a test can read and set the app's rows on either side of
// the kill. No test-framework imports, so a bench can use it too.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { z } from 'zod';

export type EmbeddedServer = { pid: number; url: string };

/** The embedded server's postmaster pid and connection URL, from its postmaster.pid and password file. */
export async function embeddedServerOf(dataDir: string): Promise<EmbeddedServer> {
  // postmaster.pid: the pid on line 1, the port on line 4 (PostgreSQL's documented layout).
  const lines = (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
  const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
  return {
    pid: Number(lines[0]),
    url: `postgres://copyloom:${encodeURIComponent(password)}@127.0.0.1:${Number(lines[3])}/copyloom`,
  };
}

/**
 * One statement on a fresh connection, its rows parsed with `row`. A fresh connection each time: a pooled one
 * could be a backend of a postmaster killed a moment ago.
 */
export async function queryEmbedded<T extends z.ZodType>(
  dataDir: string,
  row: T,
  text: string,
  values: unknown[] = [],
): Promise<z.infer<T>[]> {
  const client = new pg.Client({
    connectionString: (await embeddedServerOf(dataDir)).url,
    connectionTimeoutMillis: 5_000,
  });
  // A connection cut by a kill reports here as well as through the query; the query's rejection is enough.
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query(text, values);
    return rows.map((raw) => row.parse(raw));
  } finally {
    await client.end().catch(() => {});
  }
}

/** SIGKILLs the postmaster (its backends are left to notice by themselves); returns the pid it had. */
export async function killPostmaster(dataDir: string): Promise<number> {
  const { pid } = await embeddedServerOf(dataDir);
  process.kill(pid, 'SIGKILL');
  return pid;
}
