// Import bench: a 20,000-row paste through new-bundle, over HTTP on loopback, against the floor of
// inserting the same rows into a plain table with one multi-row INSERT per 1,000 rows through the same pg
// driver and database. new-bundle does more (parsing, validation, the bundle, its products and the run, in one
// transaction); for a list this big it leaves the run's product and image rows, variants, URL suggestions and
// jobs to the prepare-run job it queues, which this bench does not wait for.
// `npx tsx bench/import.ts`; BENCH_ROUNDS sets the number of timed rounds of each.
import Papa from 'papaparse';
import { listenOnLoopback, syntheticProductList, withBenchApp } from './support';

const ROWS = 20_000;
const BASELINE_BATCH = 1_000;
const OFFLINE_WORKFLOW = 4;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GOAL_RATIO = 2;

await withBenchApp(async ({ app, token, database }) => {
  const list = syntheticProductList(ROWS);
  // The baseline gets its rows already split: it is the cost of the inserts alone.
  const rows = Papa.parse<string[]>(list.raw_csv, { skipEmptyLines: true }).data;
  if (rows.length !== ROWS) throw new Error(`Expected ${ROWS} rows, parsed ${rows.length}`);
  const columns = list.columns;
  await database.pool.query(
    `create table import_baseline (id integer generated always as identity primary key, ${columns
      .map((column) => `"${column}" text`)
      .join(', ')})`,
  );

  const baseline = async () => {
    const client = await database.pool.connect();
    try {
      await client.query('begin');
      for (let start = 0; start < rows.length; start += BASELINE_BATCH) {
        const batch = rows.slice(start, start + BASELINE_BATCH);
        const values = batch
          .map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
          .join(', ');
        await client.query(
          `insert into import_baseline (${columns.map((column) => `"${column}"`).join(', ')}) values ${values}`,
          batch.flat(),
        );
      }
      await client.query('commit');
    } finally {
      client.release();
    }
  };

  const server = await listenOnLoopback(app);
  try {
    const body = JSON.stringify({ bundle_name: 'Import bench', ...list, workflow_id: OFFLINE_WORKFLOW });
    const ours = async () => {
      const response = await fetch(`${server.url}/functions/v1/new-bundle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      const answer = await response.text();
      if (response.status !== 200) throw new Error(`new-bundle failed: ${response.status} ${answer}`);
    };
    const timed = async (run: () => Promise<void>) => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };

    // One untimed round of each warms the JIT, the pool's connections and Postgres' caches.
    await ours();
    await baseline();
    const oursRuns: number[] = [];
    const baselineRuns: number[] = [];
    // Alternated, so drift in the machine's load falls on both alike.
    for (let round = 0; round < ROUNDS; round++) {
      oursRuns.push(await timed(ours));
      baselineRuns.push(await timed(baseline));
    }
    const oursMs = median(oursRuns);
    const baselineMs = median(baselineRuns);
    const { rows: counted } = await database.pool.query<{ products: number; baseline: number }>(
      'select (select count(*)::int from products) as products, (select count(*)::int from import_baseline) as baseline',
    );
    const expected = (ROUNDS + 1) * ROWS;
    if (counted[0]!.products !== expected || counted[0]!.baseline !== expected) {
      throw new Error(`Row counts are off: ${JSON.stringify(counted[0])}, expected ${expected} of each`);
    }

    console.log(
      `import: ${ROWS.toLocaleString('en-US')} rows (${(body.length / 1024 / 1024).toFixed(1)} MB request), median of ${ROUNDS} rounds after a warm-up`,
    );
    console.log(
      `new-bundle over HTTP:             ${formatMs(oursMs)}  (${runs(oursRuns)}; bundle, products and run; the prepare-run job it queues writes the run's rows, ${ROWS * 2} image rows and ${ROWS} jobs after the answer)`,
    );
    console.log(
      `plain INSERT, ${BASELINE_BATCH} rows a statement: ${formatMs(baselineMs)}  (${runs(baselineRuns)})`,
    );
    console.log(`RESULT import_vs_baseline ${(oursMs / baselineMs).toFixed(2)} (goal <= ${GOAL_RATIO})`);
  } finally {
    await server.close();
  }
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function formatMs(ms: number): string {
  return `${ms.toFixed(0).padStart(6)} ms`;
}

function runs(values: number[]): string {
  return values.map((ms) => ms.toFixed(0)).join(', ');
}
