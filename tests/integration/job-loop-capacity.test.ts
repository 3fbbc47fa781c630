// Many job loops at once (one per user or tab, job-queue-event-loop): more loops than a third of the
// database pool, every loop a user of its own. The app must keep answering, the loops must run the queue, and
// a run must finish; every loop answers 200. See docs/decisions/017-job-loops-share-one-worker.md.
import { afterAll, describe, expect, it } from 'vitest';
import { waitForRun } from '../support/pipeline';
import { callFunction, createTestUser, type FunctionResult, setupTestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';

const t = setupTestApp();
// The job loop's advisory lock (JOB_LOOP_LOCK_KEY in src/server/runner/job-loop.ts), one per user.
const JOB_LOOP_LOCK_KEY = 72_610_002;
/** The test database's pool (tests/support/test-database.ts). */
const POOL_SIZE = 10;
const LOOPS = Math.floor(POOL_SIZE / 3) + 3;
const OFFLINE = 4;

async function loopsHoldingLocks(): Promise<number> {
  const { rows } = await t.app.database.pool.query<{ held: number }>(
    `select count(*)::int as held from pg_locks
     where locktype = 'advisory' and classid = $1 and objsubid = 2 and granted
       and database = (select oid from pg_database where datname = current_database())`,
    [JOB_LOOP_LOCK_KEY],
  );
  return rows[0]!.held;
}

afterAll(async () => {
  // Nothing of the loops' is left holding a connection once they have all answered.
  expect(t.app.database.pool.waitingCount).toBe(0);
});

describe(`${LOOPS} job loops at once on a pool of ${POOL_SIZE}`, () => {
  it('all run, the app keeps answering, and a run finishes', async () => {
    const created = await t.call('new-bundle', {
      bundle_name: 'Under load',
      columns: ['title', 'brand'],
      raw_csv: 'Linen Cushion,Hemma\nWool Throw,Hemma\nOak Tray,Hemma',
    });
    expect(created.status).toBe(200);
    const users = await Promise.all(Array.from({ length: LOOPS }, () => createTestUser(t.app)));
    const loops: Promise<FunctionResult<'job-queue-event-loop'>>[] = users.map((user) =>
      callFunction(
        t.app,
        'job-queue-event-loop',
        { exit_after_seconds: 60, testing: { exit_after_inactive_seconds: 3 } },
        user.token,
      ),
    );

    await waitUntil(`all ${LOOPS} loops hold their lock`, async () => (await loopsHoldingLocks()) === LOOPS, {
      timeoutMs: 20_000,
    });
    // The app answers meanwhile: a read and a write, each needing a connection of the pool.
    const listed = await t.call('list-webhooks', {});
    expect(listed.status).toBe(200);
    const another = await t.call('new-bundle', {
      bundle_name: 'Meanwhile',
      columns: ['title', 'brand'],
      raw_csv: 'Stoneware Vase,Hemma',
    });
    expect(another.status).toBe(200);

    const run = await waitForRun(t.app, t.user.token, created.data.bundle_id, OFFLINE, 30_000);
    expect(run.totals.done).toBe(3);
    const second = await waitForRun(t.app, t.user.token, another.data.bundle_id, OFFLINE, 30_000);
    expect(second.totals.done).toBe(1);

    const answers = await Promise.all(loops);
    expect(answers.map((answer) => [answer.status, answer.error?.type])).toEqual(
      answers.map(() => [200, undefined]),
    );
    expect(answers.every((answer) => answer.data.reason === 'inactive')).toBe(true);
    // Every lock is let go.
    expect(await loopsHoldingLocks()).toBe(0);
  });
});
