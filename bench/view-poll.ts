// view-poll bench: the run view is polled every 5 seconds, so an unchanged poll must cost a
// fraction of reading the run. On a real 5,000-product run (rows written by prepare-run, copy in every row
// by generate-product, both through the app's worker) it times, over HTTP on loopback, the two things the web
// does (src/web/api/bundle-run.ts): the full read (the first page, then the rest in pages of REST_PAGE_SIZE)
// and the unchanged poll (`since` the last cursor, with If-None-Match: a bodiless 304). Prints both medians,
// bytes and their ratio. Throws (exit 1, no RESULT) when the run it reads is not the run it meant to measure.
// `npx tsx bench/view-poll.ts`; BENCH_ITERATIONS sets the count.
import { type FunctionName, type FunctionRequest, VIEW_RUN_LIMITS } from '../src/common/contract/functions';
import { REST_PAGE_SIZE } from '../src/web/api/bundle-run';
import { answerOf } from '../tests/support/answers';
import { listenOnLoopback, withBenchApp } from './support';
import { createWrittenRun, OFFLINE_WORKFLOW } from './support-real-run';

const PRODUCTS = 5_000;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const WARM_UP = 3;
/** An unchanged poll must be cheap; a fifth of a full one is the bar set for it. */
const GOAL_RATIO = 0.2;
/** A 5,000-product run with copy is megabytes; less than this means the run read is not the one meant. */
const MIN_FULL_BYTES = 100 * 1024;

type Sample = { ms: number; bytes: number; requests: number };
type Answer = {
  products: Array<{ id: number; page_title: string | null }>;
  cursor: string;
  next_offset: number | null;
  totals: { total: number };
};

await withBenchApp(async ({ app, token, call, services, database }) => {
  // The answer parsed with the contract; anything but a 200 throws with the status and body.
  const callJson = async <N extends FunctionName>(name: N, body: FunctionRequest<N>) =>
    answerOf(name, await call(name, body));
  const setupStarted = performance.now();
  const run = await createWrittenRun(
    { call: callJson, pool: database.pool, taskList: services.queue.taskList },
    'View poll bench',
    PRODUCTS,
  );
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const server = await listenOnLoopback(app);
  try {
    const request = async (body: Record<string, unknown>, etag?: string) => {
      const response = await fetch(`${server.url}/functions/v1/view-bundle-workflow`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          ...(etag ? { 'if-none-match': etag } : {}),
        },
        body: JSON.stringify({ bundle_id: run.bundleId, workflow_id: OFFLINE_WORKFLOW, ...body }),
      });
      // Read the whole body: a poll is not done until the browser has it.
      const bytes = await response.arrayBuffer();
      return { status: response.status, etag: response.headers.get('etag'), bytes };
    };

    /** As the web's first load: the first page (its ETag and cursor are the poll's), then the rest. */
    const fullRead = async (): Promise<Sample & { etag: string; cursor: string; ids: Set<number> }> => {
      const started = performance.now();
      const first = await request({});
      if (first.status !== 200 || !first.etag) throw new Error(`The first page answered ${first.status}`);
      const firstBody = JSON.parse(new TextDecoder().decode(first.bytes)) as Answer;
      let bytes = first.bytes.byteLength;
      let requests = 1;
      const ids = new Set(firstBody.products.filter((p) => p.page_title).map((p) => p.id));
      for (let offset = firstBody.next_offset; offset !== null; requests++) {
        const page = await request({ offset, limit: REST_PAGE_SIZE });
        if (page.status !== 200) throw new Error(`The page at ${offset} answered ${page.status}`);
        const body = JSON.parse(new TextDecoder().decode(page.bytes)) as Answer;
        for (const product of body.products) if (product.page_title) ids.add(product.id);
        bytes += page.bytes.byteLength;
        offset = body.next_offset;
      }
      const ms = performance.now() - started;
      return { ms, bytes, requests, etag: first.etag, cursor: firstBody.cursor, ids };
    };

    /** As the web's poll of an unchanged run: since the cursor, with the ETag it holds. */
    const unchangedPoll = async (etag: string, cursor: string): Promise<Sample> => {
      const started = performance.now();
      const answer = await request({ since: cursor }, etag);
      const ms = performance.now() - started;
      if (answer.status !== 304)
        throw new Error(`An unchanged since poll answered ${answer.status}, not 304`);
      if (answer.etag !== etag) throw new Error('The ETag changed although the run did not');
      return { ms, bytes: answer.bytes.byteLength, requests: 1 };
    };

    const reference = await fullRead();
    // Nothing to measure unless the web's read brings the whole run, with copy, in more than one page.
    if (reference.ids.size !== PRODUCTS) {
      throw new Error(
        `Nothing to measure: the read brought ${reference.ids.size} of ${PRODUCTS} products with copy`,
      );
    }
    if (reference.bytes < MIN_FULL_BYTES || reference.requests < 2) {
      throw new Error(
        `Nothing to measure: the full read is ${reference.bytes} bytes in ${reference.requests} requests`,
      );
    }
    for (let i = 0; i < WARM_UP; i++) {
      await fullRead();
      await unchangedPoll(reference.etag, reference.cursor);
    }
    // Alternated, so drift in the machine's load falls on both kinds alike.
    const full: Sample[] = [];
    const unchanged: Sample[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      full.push(await fullRead());
      unchanged.push(await unchangedPoll(reference.etag, reference.cursor));
    }

    const fullMedian = median(full.map((s) => s.ms));
    const unchangedMedian = median(unchanged.map((s) => s.ms));
    const ratio = unchangedMedian / fullMedian;
    console.log(
      `view-poll: ${PRODUCTS.toLocaleString('en-US')} products, copy in every row (written by the worker in ${setupSeconds.toFixed(0)} s), ${ITERATIONS} reads of each kind after ${WARM_UP} warm-up, HTTP on loopback`,
    );
    console.log(
      describe(
        `full read (first page of ${VIEW_RUN_LIMITS.defaultLimit}, then pages of ${REST_PAGE_SIZE}: ${reference.requests} requests, 200)`,
        full,
      ),
    );
    console.log(describe('unchanged poll (since + If-None-Match, 304)', unchanged));
    console.log(
      `unchanged / full: median ${formatMs(unchangedMedian)} / ${formatMs(fullMedian)} = ${ratio.toFixed(3)}, p95 time ${(
        percentile(
          unchanged.map((s) => s.ms),
          0.95,
        ) /
          percentile(
            full.map((s) => s.ms),
            0.95,
          )
      ).toFixed(3)}, bytes ${median(unchanged.map((s) => s.bytes))} / ${median(full.map((s) => s.bytes))}`,
    );
    console.log(`RESULT view_poll_unchanged_ratio ${ratio.toFixed(3)} (goal <= ${GOAL_RATIO})`);
  } finally {
    await server.close();
  }
});

function describe(label: string, samples: Sample[]): string {
  const times = samples.map((s) => s.ms);
  const bytes = median(samples.map((s) => s.bytes));
  return `${label}:  median ${formatMs(median(times))}  p95 ${formatMs(percentile(times, 0.95))}  body ${bytes.toLocaleString('en-US')} bytes`;
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function formatMs(ms: number): string {
  return `${ms.toFixed(1)} ms`;
}
