// The run view polls through a moving run: every poll after the first must send the ETag it last saw (even
// though TanStack Query's structural sharing hands back a new object each time the data changes) and the
// cursor, and merge the changed products it gets back into the products it has.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bundleRunQuery, isRunComplete, mergeProducts } from './bundle-run';

const timestamp = '2026-11-23T10:00:00.000Z';

function product(id: number, done: boolean, version: number) {
  return {
    id,
    product_id: id,
    bundle_workflow_id: 7,
    product_details: { product_name: `Product ${id}` },
    page_title: done ? `Title ${id}` : null,
    progress: done ? 100 : 0,
    status: done ? 'done' : 'queued',
    error: null,
    url_suggestion_level: 'missing',
    url_suggestion: null,
    review_state: 'pending',
    problems: null,
    locked_fields: [],
    version,
    created_at: timestamp,
    updated_at: timestamp,
  };
}

function answer(products: ReturnType<typeof product>[], done: number, total: number, extra = {}) {
  return {
    bundle_workflow_id: 7,
    bundle_name: 'Run',
    paused_reason: null,
    spending_cap_usd: null,
    language: {
      language: 'en',
      source: 'detected',
      confidence: 0.9,
      detected: [{ language: 'en', products: total }],
    },
    totals: { total, done, failed: 0, cost: 0, prompt_tokens: 0, completion_tokens: 0 },
    products,
    cursor: `${done}.1`,
    has_more: false,
    next_offset: null,
    ...extra,
  };
}

type Sent = { ifNoneMatch: string | null; body: Record<string, unknown> };

/**
 * A server whose 3-product run moves one product per poll (`states` is how many are done at each poll). It
 * answers like the real one: 304 when the ETag still matches, and to a since poll only the products that
 * changed after that cursor (the cursor's first number is how many were done).
 */
function movingRunServer(states: number[]) {
  const sent: Sent[] = [];
  let poll = 0;
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const ifNoneMatch = (init.headers as Record<string, string>)['if-none-match'] ?? null;
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push({ ifNoneMatch, body });
    const done = states[Math.min(poll++, states.length - 1)] ?? 0;
    const etag = `"run-${done}"`;
    if (ifNoneMatch === etag) return new Response(null, { status: 304, headers: { etag } });
    const all = [1, 2, 3].map((id) => product(id, id <= done, id <= done ? 10 + id : id));
    const sinceDone = typeof body.since === 'string' ? Number(body.since.split('.')[0]) : null;
    const products = sinceDone === null ? all : all.filter((p) => p.id > sinceDone && p.id <= done);
    return Response.json(answer(products, done, 3), { headers: { etag } });
  });
  return { fetch, sent };
}

afterEach(() => vi.unstubAllGlobals());

const poll = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ ...bundleRunQuery(queryClient, 1, 2), staleTime: 0 });

describe('bundleRunQuery', () => {
  it('sends If-None-Match and the cursor on every poll after the first while the run changes', async () => {
    const server = movingRunServer([0, 1, 1, 2, 3, 3]);
    vi.stubGlobal('fetch', server.fetch);
    const queryClient = new QueryClient();
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) seen.push((await poll(queryClient)).totals.done);
    expect(seen).toEqual([0, 1, 1, 2, 3, 3]);
    expect(server.sent[0]).toEqual({ ifNoneMatch: null, body: { bundle_id: 1, workflow_id: 2 } });
    expect(server.sent.slice(1).map((s) => s.ifNoneMatch)).toEqual([
      '"run-0"',
      '"run-1"',
      '"run-1"',
      '"run-2"',
      '"run-3"',
    ]);
    expect(server.sent.slice(1).map((s) => s.body.since)).toEqual(['0.1', '1.1', '1.1', '2.1', '3.1']);
  });

  it('merges the changed products a since poll brings into the cached run', async () => {
    const server = movingRunServer([0, 2, 3]);
    vi.stubGlobal('fetch', server.fetch);
    const queryClient = new QueryClient();
    await poll(queryClient);
    const moved = await poll(queryClient);
    // The server sent products 1 and 2 only; the cache still has all three, in id order.
    expect(moved.products.map((p) => [p.id, p.status])).toEqual([
      [1, 'done'],
      [2, 'done'],
      [3, 'queued'],
    ]);
    const settled = await poll(queryClient);
    expect(settled.products.every((p) => p.status === 'done')).toBe(true);
    expect(settled.products[2]?.page_title).toBe('Title 3');
  });

  it('keeps the cached run on a 304', async () => {
    const server = movingRunServer([1, 1]);
    vi.stubGlobal('fetch', server.fetch);
    const queryClient = new QueryClient();
    const first = await poll(queryClient);
    const second = await poll(queryClient);
    expect(second).toBe(first);
    expect(second.products[0]?.page_title).toBe('Title 1');
  });

  it('reads the pages after the first into the cache, keeping the poll’s ETag and cursor', async () => {
    const offsets: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as { offset?: number };
        offsets.push(body.offset);
        if (body.offset === undefined) {
          return Response.json(
            answer([product(1, false, 1), product(2, false, 2)], 0, 5, { next_offset: 2 }),
            {
              headers: { etag: '"first"' },
            },
          );
        }
        const page =
          body.offset === 2 ? [product(3, false, 3), product(4, false, 4)] : [product(5, false, 5)];
        const next = body.offset === 2 ? 4 : null;
        return Response.json(answer(page, 0, 5, { next_offset: next }), { headers: { etag: '"page"' } });
      }),
    );
    const queryClient = new QueryClient();
    const first = await poll(queryClient);
    expect(first.products).toHaveLength(2);
    await vi.waitFor(() => {
      const run = queryClient.getQueryData<typeof first>(['bundle-run', 1, 2]);
      expect(run?.products.map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
      expect(run?.etag).toBe('"first"');
    });
    expect(offsets).toEqual([undefined, 2, 4]);
  });

  it('keeps the newer of two copies of a product', () => {
    const newer = product(1, true, 9);
    expect(mergeProducts([newer as never], [product(1, false, 3) as never])[0]).toBe(newer);
  });
});

describe('a bundle being imported from a store', () => {
  const totals = {
    total: 0,
    done: 0,
    failed: 0,
    cost: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    reserved_cost: 0,
  };
  const storeImport = (state: 'running' | 'done' | 'failed') => ({
    state,
    method: 'pages' as const,
    products_read: 10,
    products_total: 40,
    products: null,
    error: null,
  });

  it('is not a complete run while the import reads the store, though it has no products yet', () => {
    expect(isRunComplete({ products: [], totals, store_import: storeImport('running') })).toBe(false);
    expect(isRunComplete({ products: [], totals, store_import: storeImport('failed') })).toBe(true);
    expect(isRunComplete({ products: [], totals })).toBe(true);
  });
});
