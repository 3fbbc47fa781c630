// One database per test file, cloned from the migrated template made by global-setup.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { adminQuery, withDatabase } from './global-setup';

export type TestDatabase = DatabaseHandle & { url: string; drop: () => Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `copyloom_test_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${name}" template "${inject('templateDatabase')}"`);
  const url = withDatabase(adminUrl, name);
  const handle = connectDatabase(url, 10);
  return {
    ...handle,
    url,
    drop: async () => {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
