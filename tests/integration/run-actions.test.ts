// What users do to a run after it starts: the job loop, edits, regeneration and deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForRun } from '../support/pipeline';
import {
  callFunction,
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../support/test-app';

let testApp: TestApp;
let user: TestUser;
beforeAll(async () => {
  testApp = await createTestApp();
  user = await createTestUser(testApp);
});
afterAll(() => testApp?.close());

const OFFLINE = 4;
const list = {
  columns: ['title', 'brand', 'colour', 'description'],
  raw_csv: [
    'Linen Cushion,Hemma,Sand,A soft linen cushion cover.',
    'Wool Throw,Hemma,Grey,A warm wool throw.',
  ].join('\n'),
};

async function call<T>(
  name: string,
  body: unknown,
  token = user.token,
): Promise<{ status: number; body: T }> {
  const response = await callFunction(testApp, name, body, token);
  return { status: response.status, body: (await response.json()) as T };
}

describe('job-queue-event-loop', () => {
  it('runs queued jobs inside the request, and a second loop meanwhile gets already_running', async () => {
    const created = await call<{ bundle_id: number }>('new-bundle', { bundle_name: 'Loop', ...list });
    expect(created.status).toBe(200);
    const [first, second] = await Promise.all([
      call<{ durationMs: number; reason: string }>('job-queue-event-loop', {
        exit_after_seconds: 20,
        testing: { exit_after_inactive_seconds: 2 },
      }),
      new Promise((resolve) => setTimeout(resolve, 300)).then(() =>
        call<{ error: { type: string } }>('job-queue-event-loop', { exit_after_seconds: 1 }),
      ),
    ]);
    expect(second.status).toBe(409);
    expect(second.body.error.type).toBe('already_running');
    expect(first.status).toBe(200);
    expect(first.body.reason).toBe('inactive');
    expect(first.body.durationMs).toBeGreaterThanOrEqual(2_000);
    const run = await waitForRun(testApp, user.token, created.body.bundle_id, OFFLINE, 1_000);
    expect(run.totals.done).toBe(2);
  });

  it('stops at exit_after_seconds', async () => {
    const result = await call<{ durationMs: number; reason: string }>('job-queue-event-loop', {
      exit_after_seconds: 1,
    });
    expect(result.body.reason).toBe('time_limit');
    expect(result.body.durationMs).toBeGreaterThanOrEqual(1_000);
    expect(result.body.durationMs).toBeLessThan(5_000);
  });
});

describe('editing, regenerating and deleting', () => {
  let bundleId: number;
  let runId: number;
  let rowId: number;
  beforeAll(async () => {
    const created = await call<{ bundle_id: number; bundle_workflow_id: number }>('new-bundle', {
      bundle_name: 'Edits',
      ...list,
    });
    bundleId = created.body.bundle_id;
    runId = created.body.bundle_workflow_id;
    await call('job-queue-event-loop', {
      exit_after_seconds: 20,
      testing: { exit_after_inactive_seconds: 1 },
    });
    const run = await waitForRun(testApp, user.token, bundleId, OFFLINE, 1_000);
    rowId = run.products[0]!.id;
  });

  it('saves a valid edit, logs it, and refuses one over the limit naming the field and limit', async () => {
    const tooLong = await call<{ error: { type: string; message: string } }>('update-product-copy', {
      bundle_workflow_product_id: rowId,
      fields: { page_title: 'A'.repeat(61) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe('page_title is 61 characters; it must be at most 60.');

    const saved = await call<{ product: { page_title: string } }>('update-product-copy', {
      bundle_workflow_product_id: rowId,
      fields: { page_title: 'Sand Linen Cushion Cover | Hemma' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.product.page_title).toBe('Sand Linen Cushion Cover | Hemma');
    const run = await waitForRun(testApp, user.token, bundleId, OFFLINE, 1_000);
    expect(run.products.find((p) => p.id === rowId)?.page_title).toBe('Sand Linen Cushion Cover | Hemma');
    const log = await call<{ log: { event: string; additional: { fields?: string[] } }[] }>(
      'view-bundle-log',
      {
        bundle_workflow_id: runId,
        product_id: run.products.find((p) => p.id === rowId)!.product_id,
      },
    );
    expect(log.body.log.at(-1)).toMatchObject({
      event: 'Copy edited',
      additional: { fields: ['page_title'] },
    });
  });

  it('regenerates one product: it goes back to queued and is written again', async () => {
    const result = await call<{ queued: number }>('regenerate-products', {
      bundle_workflow_id: runId,
      bundle_workflow_product_ids: [rowId],
    });
    expect(result.body.queued).toBe(1);
    const queued = await waitForRun(testApp, user.token, bundleId, OFFLINE, 1_000).catch((e: Error) => e);
    expect(queued).toBeInstanceOf(Error);
    await call('job-queue-event-loop', {
      exit_after_seconds: 20,
      testing: { exit_after_inactive_seconds: 1 },
    });
    const run = await waitForRun(testApp, user.token, bundleId, OFFLINE, 1_000);
    expect(run.products.find((p) => p.id === rowId)?.status).toBe('done');
  });

  it('regenerates nothing when no product failed', async () => {
    const result = await call<{ queued: number }>('regenerate-products', { bundle_workflow_id: runId });
    expect(result.body.queued).toBe(0);
  });

  it('deletes a bundle with everything under it', async () => {
    const result = await call<{ deleted: boolean }>('delete-bundle', { bundle_id: bundleId });
    expect(result.body).toEqual({ deleted: true });
    const view = await call<{ error: { type: string } }>('view-bundle-workflow', {
      bundle_id: bundleId,
      workflow_id: OFFLINE,
    });
    expect(view.body.error.type).toBe('unknown_bundle');
    const { rows } = await testApp.database.pool.query(
      'select (select count(*) from bundle_workflow_products where bundle_workflow_id = $1)::int as rows, (select count(*) from logs where bundle_workflow_id = $1)::int as logs',
      [runId],
    );
    expect(rows[0]).toEqual({ rows: 0, logs: 0 });
  });
});
