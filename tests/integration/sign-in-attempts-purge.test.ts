// A run of failed sign-ins is kept no longer than the lockout needs it: its key names an account or an address,
// so rows forgotten a day after their last failure are deleted as sign-ins go on, and live ones stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCounter, purgeForgotten } from '../../src/server/domain/auth/attempt-counter';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function seed(key: string, expiresIn: string) {
  await database.pool.query(
    `insert into sign_in_attempts (key, failures, locked_until, expires_at)
     values ($1, 3, now(), now() + $2::interval)`,
    [key, expiresIn],
  );
}

async function keys(): Promise<string[]> {
  const { rows } = await database.pool.query<{ key: string }>(
    'select key from sign_in_attempts order by key',
  );
  return rows.map((row) => row.key);
}

describe('forgotten sign-in attempts', () => {
  it('are deleted by a purge; runs still counting are kept', async () => {
    await seed('sign-in-lockout:old@example.com', '-1 hour');
    await seed('sign-in-lockout:live@example.com', '1 hour');
    expect(await purgeForgotten(database.db)).toBe(1);
    expect(await keys()).toEqual(['sign-in-lockout:live@example.com']);
  });

  it('go as sign-ins are counted, without a job of their own', async () => {
    await seed('sign-in-lockout:stale@example.com', '-2 hours');
    const counter = attemptCounter(database.db, { purgeEveryTakes: 2 });
    await counter.take('sign-in-lockout:a@example.com');
    expect(await keys()).toContain('sign-in-lockout:stale@example.com');
    await counter.take('sign-in-lockout:b@example.com');
    await expect.poll(keys).not.toContain('sign-in-lockout:stale@example.com');
    expect(await keys()).toEqual(
      expect.arrayContaining(['sign-in-lockout:a@example.com', 'sign-in-lockout:b@example.com']),
    );
  });
});
