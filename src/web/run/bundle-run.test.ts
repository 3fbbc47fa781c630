// The run view polls through a moving run: every poll after the first must send the ETag it last saw, even
// though TanStack Query's structural sharing hands back a new object each time the data changes.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bundleRunQuery } from './bundle-run';

const timestamp = '2026-11-23T10:00:00.000Z';

function runAnswer(done: number) {
  const products = [1, 2, 3].map((id) => ({
    id,
    product_id: id,
    bundle_workflow_id: 7,
    product_details: { product_name: `Product ${id}` },
    page_title: id <= done ? `Title ${id}` : null,
    progress: id <= done ? 100 : 0,
    status: id <= done ? 'done' : 'queued',
    error: null,
    url_suggestion_level: 'missing',
    url_suggestion: null,
    created_at: timestamp,
    updated_at: timestamp,
  }));
  return {
    bundle_workflow_id: 7,
    bundle_name: 'Run',
    paused_reason: null,
    spending_cap_usd: null,
    totals: { total: 3, done, failed: 0, cost: 0, prompt_tokens: 0, completion_tokens: 0 },
    products,
  };
}

/** A server whose run moves one product per poll, answering 304 when the caller's ETag still matches. */
function movingRunServer(states: number[]) {
  const sentEtags: (string | null)[] = [];
  let poll = 0;
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const ifNoneMatch = (init.headers as Record<string, string>)['if-none-match'] ?? null;
    sentEtags.push(ifNoneMatch);
    const done = states[Math.min(poll++, states.length - 1)] ?? 0;
    const etag = `"run-${done}"`;
    if (ifNoneMatch === etag) return new Response(null, { status: 304, headers: { etag } });
    return Response.json(runAnswer(done), { headers: { etag } });
  });
  return { fetch, sentEtags };
}

afterEach(() => vi.unstubAllGlobals());

describe('bundleRunQuery', () => {
  it('sends If-None-Match on every poll after the first while the run changes', async () => {
    const server = movingRunServer([0, 1, 1, 2, 3, 3]);
    vi.stubGlobal('fetch', server.fetch);
    const queryClient = new QueryClient();
    const seen: number[] = [];
    for (let poll = 0; poll < 6; poll++) {
      const run = await queryClient.fetchQuery({ ...bundleRunQuery(queryClient, 1, 2), staleTime: 0 });
      seen.push(run.totals.done);
    }
    expect(seen).toEqual([0, 1, 1, 2, 3, 3]);
    expect(server.sentEtags[0]).toBeNull();
    expect(server.sentEtags.slice(1)).toEqual(['"run-0"', '"run-1"', '"run-1"', '"run-2"', '"run-3"']);
  });

  it('keeps the cached run on a 304', async () => {
    const server = movingRunServer([1, 1]);
    vi.stubGlobal('fetch', server.fetch);
    const queryClient = new QueryClient();
    const first = await queryClient.fetchQuery({ ...bundleRunQuery(queryClient, 1, 2), staleTime: 0 });
    const second = await queryClient.fetchQuery({ ...bundleRunQuery(queryClient, 1, 2), staleTime: 0 });
    expect(second).toBe(first);
    expect(second.products[0]?.page_title).toBe('Title 1');
  });
});
