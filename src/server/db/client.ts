// Database connection: a pg pool over DATABASE_URL, or over the embedded server when it is unset.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type Logger, silentLogger } from '../leaves/logger/logger';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
/** A database or an open transaction: domain functions accept either. */
export type Queryable = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = { db: Database; pool: pg.Pool; url: string; close: () => Promise<void> };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Postgres numeric and bigint arrive as strings by default; counts and ids here fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * A pool that survives the database going away: a dead connection is dropped and the next query opens a new
 * one, so once the server is back everything carries on. A connection attempt gives up after 5 s, so that a
 * request fails with 503 instead of hanging while the database is unreachable.
 */
export function connectDatabase(url: string, max = 10, log: Logger = silentLogger): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  pool.on('error', (error) => log.warn({ err: error }, 'database connection lost'));
  // An idle client that errors must not crash the process (graphile-worker checks for this handler too).
  pool.on('connect', (client) =>
    client.on('error', (error) => log.warn({ err: error }, 'database client error')),
  );
  const db = drizzle(pool, { schema });
  return { db, pool, url, close: () => pool.end() };
}

/** Applies pending migrations. An advisory lock keeps concurrent processes from migrating at once. */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

const MIGRATION_LOCK_KEY = 72_610_001;
