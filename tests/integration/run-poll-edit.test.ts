// A run with its rows in place and copy in every row (written by the app's worker, as the view
// benches write theirs), read as the web reads it (the first page, the rest, then since polls with
// If-None-Match), shows a product edited while it is polled in the next answer. And the benches' set-up
// refuses a run that holds nothing to measure.
import { describe, expect, it } from 'vitest';
import { syntheticProductList } from '../../bench/support';
import { createWrittenRun, OFFLINE_WORKFLOW, requireCopyInEveryRow } from '../../bench/support-real-run';
import {
  type FunctionName,
  type FunctionRequest,
  type FunctionResponse,
  VIEW_RUN_LIMITS,
} from '../../src/common/contract/functions';
import { REST_PAGE_SIZE } from '../../src/web/api/bundle-run';
import { answerOf } from '../support/answers';
import { postFunction, setupTestApp } from '../support/test-app';

// Over INLINE_RUN_ROWS (1,000), so the rows come from the prepare-run job, as a 5,000-product run's do.
const PRODUCTS = 1_050;

const t = setupTestApp();

type Answer = FunctionResponse<'view-bundle-workflow'>;
type Poll = { sentAt: number; answeredAt: number; status: number; carries: boolean };

/** A function's answer; reading `data` throws, naming the status and error, unless the call answered 200. */
const call = async <N extends FunctionName>(name: N, body: FunctionRequest<N>) =>
  (await t.call(name, body)).data;

async function view(
  bundleId: number,
  extra: Omit<FunctionRequest<'view-bundle-workflow'>, 'bundle_id' | 'workflow_id'>,
  etag?: string,
) {
  const response = await postFunction(
    t.app,
    'view-bundle-workflow',
    { bundle_id: bundleId, workflow_id: OFFLINE_WORKFLOW, ...extra },
    t.user.token,
    etag ? { 'if-none-match': etag } : {},
  );
  const body = response.status === 200 ? await answerOf('view-bundle-workflow', response) : undefined;
  return { status: response.status, etag: response.headers.get('etag')!, body };
}

describe('a written run polled as the web polls it', () => {
  it('shows a product edited while the run is polled with since in the next answer', {
    timeout: 600_000,
  }, async () => {
    const pool = t.app.database.pool;
    const run = await createWrittenRun(
      { call, pool, taskList: t.app.services.queue.taskList },
      'Polled while edited',
      PRODUCTS,
    );

    // The first page, then the rest in the web's page size; the cache merges them by id.
    const cache = new Map<number, Answer['products'][number]>();
    const first = await view(run.bundleId, {});
    expect(first.status).toBe(200);
    expect(first.body!.products).toHaveLength(VIEW_RUN_LIMITS.defaultLimit);
    for (const product of first.body!.products) cache.set(product.id, product);
    for (let offset = first.body!.next_offset; offset !== null; ) {
      const page = await view(run.bundleId, { offset, limit: REST_PAGE_SIZE });
      for (const product of page.body!.products) cache.set(product.id, product);
      offset = page.body!.next_offset;
    }
    expect(cache.size).toBe(PRODUCTS);
    expect([...cache.values()].every((product) => product.page_title)).toBe(true);

    // Polled back to back, as the web's poll would be at a short interval, keeping the ETag and cursor of
    // the last 200, as the web does.
    let etag = first.etag;
    let cursor = first.body!.cursor;
    const edited = [...cache.keys()].sort((a, b) => a - b)[PRODUCTS - 7]!;
    const text = 'Edited while the run was polled';
    const polls: Poll[] = [];
    let committedAt = Number.POSITIVE_INFINITY;
    const poller = (async () => {
      while (polls.filter((poll) => poll.sentAt > committedAt).length < 3) {
        const sentAt = performance.now();
        const answer = await view(run.bundleId, { since: cursor }, etag);
        let carries = false;
        if (answer.status === 200) {
          expect(answer.body!.has_more).toBe(false);
          for (const product of answer.body!.products) {
            const known = cache.get(product.id);
            if (!known || known.version <= product.version) cache.set(product.id, product);
            if (product.id === edited && product.page_title === text) carries = true;
          }
          etag = answer.etag;
          cursor = answer.body!.cursor;
        }
        polls.push({ sentAt, answeredAt: performance.now(), status: answer.status, carries });
      }
    })();
    while (polls.length < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    await call('update-product-copy', { bundle_workflow_product_id: edited, fields: { page_title: text } });
    committedAt = performance.now();
    await poller;

    // Before the edit nothing changed: every poll was a bodiless 304.
    const before = polls.filter((poll) => poll.answeredAt < committedAt && !poll.carries);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.every((poll) => poll.status === 304)).toBe(true);
    // The first poll sent after the commit has the change, or one answered meanwhile already had it.
    const next = polls.find((poll) => poll.sentAt > committedAt)!;
    const carrier = polls.find((poll) => poll.carries);
    expect(carrier, JSON.stringify(polls.slice(-6))).toBeDefined();
    expect(carrier!.answeredAt).toBeLessThanOrEqual(next.answeredAt);
    expect(cache.get(edited)!.page_title).toBe(text);
    // And once it has been seen, the run is unchanged again.
    expect(polls.at(-1)!.status).toBe(304);
  });

  it('refuses a run without rows or without copy as nothing to measure', async () => {
    const pool = t.app.database.pool;
    // A big list's rows wait for prepare-run; with no worker there are none.
    const big = await call('new-bundle', {
      bundle_name: 'No rows yet',
      ...syntheticProductList(PRODUCTS),
      workflow_id: OFFLINE_WORKFLOW,
    });
    await expect(requireCopyInEveryRow(pool, big.bundle_workflow_id, PRODUCTS)).rejects.toThrow(
      /Nothing to measure: run \d+ has 0 rows of 1050, 0 with copy/,
    );
    // A small list's rows are written at once, but without a worker they hold no copy.
    const small = await call('new-bundle', {
      bundle_name: 'No copy yet',
      ...syntheticProductList(20),
      workflow_id: OFFLINE_WORKFLOW,
    });
    await expect(requireCopyInEveryRow(pool, small.bundle_workflow_id, 20)).rejects.toThrow(
      /has 20 rows of 20, 0 with copy/,
    );
  });
});
