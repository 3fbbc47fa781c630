// Vitest global setup for integration tests: one PostgreSQL server for the run (TEST_DATABASE_URL's, or an
// embedded one in a temporary folder) and a migrated template database that each test file clones.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../src/server/db/client';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { prepareDatabase } from '../../src/server/main/prepare-database';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  if (!adminUrl) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'copyloom-test-db-'));
    const embedded = await startEmbeddedPostgres(tempDir);
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const templateDatabase = `copyloom_template_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(adminUrl, `create database "${templateDatabase}"`);
  const template = connectDatabase(withDatabase(adminUrl, templateDatabase), 2);
  try {
    await prepareDatabase(template.pool, template.db);
  } finally {
    await template.close();
  }
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    await adminQuery(adminUrl, `drop database if exists "${templateDatabase}" with (force)`).catch(() => {});
    await stopEmbedded?.();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
