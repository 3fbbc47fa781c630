// What users do to a run after it starts: the job loop, edits, regeneration and deletion.
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForRun } from '../support/pipeline';
import { setupTestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';

const t = setupTestApp();
// The job loop's advisory lock (JOB_LOOP_LOCK_KEY in src/server/runner/job-loop.ts), taken with the user's key.
const JOB_LOOP_LOCK_KEY = 72_610_002;

/** Whether a job loop (any user's) holds its advisory lock in this test's database. */
async function isJobLoopRunning(): Promise<boolean> {
  const { rows } = await t.app.database.pool.query<{ held: boolean }>(
    `select exists(
       select 1 from pg_locks
       where locktype = 'advisory' and classid = $1 and objsubid = 2 and granted
         and database = (select oid from pg_database where datname = current_database())
     ) as held`,
    [JOB_LOOP_LOCK_KEY],
  );
  return rows[0]!.held;
}

const OFFLINE = 4;
const list = {
  columns: ['title', 'brand', 'colour', 'description'],
  raw_csv: [
    'Linen Cushion,Hemma,Sand,A soft linen cushion cover.',
    'Wool Throw,Hemma,Grey,A warm wool throw.',
  ].join('\n'),
};

describe('job-queue-event-loop', () => {
  it('runs queued jobs inside the request, and a second loop meanwhile gets already_running', async () => {
    const created = await t.call('new-bundle', { bundle_name: 'Loop', ...list });
    expect(created.status).toBe(200);
    const [first, second] = await Promise.all([
      t.call('job-queue-event-loop', {
        exit_after_seconds: 20,
        testing: { exit_after_inactive_seconds: 2 },
      }),
      // The second loop starts once the first holds the lock, not after a guessed delay.
      waitUntil('the first job loop holds its lock', isJobLoopRunning).then(() =>
        t.call('job-queue-event-loop', { exit_after_seconds: 1 }),
      ),
    ]);
    expect(second.status).toBe(409);
    expect(second.error?.type).toBe('already_running');
    expect(first.status).toBe(200);
    expect(first.data.reason).toBe('inactive');
    expect(first.data.durationMs).toBeGreaterThanOrEqual(2_000);
    const run = await waitForRun(t.app, t.user.token, created.data.bundle_id, OFFLINE, 1_000);
    expect(run.totals.done).toBe(2);
  });

  it('stops at exit_after_seconds', async () => {
    const result = await t.call('job-queue-event-loop', {
      exit_after_seconds: 1,
    });
    expect(result.data.reason).toBe('time_limit');
    expect(result.data.durationMs).toBeGreaterThanOrEqual(1_000);
    expect(result.data.durationMs).toBeLessThan(5_000);
  });
});

describe('editing, regenerating and deleting', () => {
  let bundleId: number;
  let runId: number;
  let rowId: number;
  beforeAll(async () => {
    const created = await t.call('new-bundle', {
      bundle_name: 'Edits',
      ...list,
    });
    bundleId = created.data.bundle_id;
    runId = created.data.bundle_workflow_id;
    await t.call('job-queue-event-loop', {
      exit_after_seconds: 20,
      testing: { exit_after_inactive_seconds: 1 },
    });
    const run = await waitForRun(t.app, t.user.token, bundleId, OFFLINE, 1_000);
    rowId = run.products[0]!.id;
  });

  it('saves a valid edit, logs it, and refuses one over the limit naming the field and limit', async () => {
    const tooLong = await t.call('update-product-copy', {
      bundle_workflow_product_id: rowId,
      fields: { page_title: 'A'.repeat(61) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error?.message).toBe('page_title is 61 characters; it must be at most 60.');

    const saved = await t.call('update-product-copy', {
      bundle_workflow_product_id: rowId,
      fields: { page_title: 'Sand Linen Cushion Cover | Hemma' },
    });
    expect(saved.status).toBe(200);
    expect(saved.data.product.page_title).toBe('Sand Linen Cushion Cover | Hemma');
    const run = await waitForRun(t.app, t.user.token, bundleId, OFFLINE, 1_000);
    expect(run.products.find((p) => p.id === rowId)?.page_title).toBe('Sand Linen Cushion Cover | Hemma');
    const log = await t.call('view-bundle-log', {
      bundle_workflow_id: runId,
      product_id: run.products.find((p) => p.id === rowId)!.product_id,
    });
    expect(log.data.log.at(-1)).toMatchObject({
      event: 'Copy edited',
      additional: { fields: ['page_title'] },
    });
  });

  it('regenerates one product: it goes back to queued and is written again', async () => {
    const result = await t.call('regenerate-products', {
      bundle_workflow_id: runId,
      bundle_workflow_product_ids: [rowId],
    });
    expect(result.data.queued).toBe(1);
    const queued = await waitForRun(t.app, t.user.token, bundleId, OFFLINE, 1_000).catch((e: Error) => e);
    expect(queued).toBeInstanceOf(Error);
    await t.call('job-queue-event-loop', {
      exit_after_seconds: 20,
      testing: { exit_after_inactive_seconds: 1 },
    });
    const run = await waitForRun(t.app, t.user.token, bundleId, OFFLINE, 1_000);
    expect(run.products.find((p) => p.id === rowId)?.status).toBe('done');
  });

  it('regenerates nothing when no product failed', async () => {
    const result = await t.call('regenerate-products', { bundle_workflow_id: runId });
    expect(result.data.queued).toBe(0);
  });

  it('deletes a bundle: unknown at once, and everything under it purged by its job', async () => {
    const result = await t.call('delete-bundle', { bundle_id: bundleId });
    expect(result.data).toEqual({ deleted: true });
    const view = await t.call('view-bundle-workflow', {
      bundle_id: bundleId,
      workflow_id: OFFLINE,
    });
    expect(view.error?.type).toBe('unknown_bundle');
    // The rows go in a purge-bundle job (decision 009): run the queue until it is idle.
    await t.call('job-queue-event-loop', {
      exit_after_seconds: 20,
      testing: { exit_after_inactive_seconds: 1 },
    });
    const { rows } = await t.app.database.pool.query(
      'select (select count(*) from bundle_workflow_products where bundle_workflow_id = $1)::int as rows, (select count(*) from logs where bundle_workflow_id = $1)::int as logs',
      [runId],
    );
    expect(rows[0]).toEqual({ rows: 0, logs: 0 });
  });
});
