// Readies a database for the app: its migrations, graphile-worker's schema and the seeded workflows. Boot,
// `npm run worker`, the tests' template database and the benches all start here, so none of them can get a
// database the others would not.
import type pg from 'pg';
import { type Database, migrateDatabase } from '../db/client';
import { seedWorkflows } from '../domain/workflows/workflows';
import { migrateQueue } from '../leaves/queue/job-queue';

export async function prepareDatabase(pool: pg.Pool, db: Database): Promise<void> {
  await migrateDatabase(pool);
  await migrateQueue(pool);
  await seedWorkflows(db);
}
