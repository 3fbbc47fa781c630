// Hostile import bench: a 1,000,000-row Shopify export (about 17 MB, under the 25 MB body limit)
// posted to new-bundle on a real server process, while /api/health is asked every 50 ms and the server's
// resident memory is sampled. The export must be refused with a 400 naming the product limit; the bench
// prints the health p99 and the RSS growth against their limits (500 ms, 300 MB). It fails when it measured
// nothing (no health answers, or an answer other than the refusal).
// `npx tsx bench/hostile-import.ts`; BENCH_ROUNDS sets the number of files posted (3 by default).
import {
  measureNewBundle,
  millionRowShopifyExport,
  percentile,
  startHostileServer,
} from '../tests/support/hostile-import';
import { withBenchApp } from './support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HEALTH_P99_LIMIT_MS = 500;
const RSS_GROWTH_LIMIT_MB = 300;

await withBenchApp(async ({ database }) => {
  const server = await startHostileServer(database);
  try {
    const text = millionRowShopifyExport();
    const healthMs: number[] = [];
    let rssGrowthMb = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const refusal = await measureNewBundle(server, { store_export: { format: 'shopify', text } });
      if (refusal.status !== 400 || !/limit is 50,000 per bundle/.test(refusal.message)) {
        throw new Error(
          `Expected the product-limit refusal, got ${refusal.status}: ${refusal.message.slice(0, 200)}`,
        );
      }
      healthMs.push(...refusal.healthMs);
      rssGrowthMb = Math.max(rssGrowthMb, refusal.rssGrowthMb);
      console.log(
        `round ${round}: 400 in ${refusal.elapsedMs.toFixed(0)} ms ("${refusal.message}"); ${refusal.healthMs.length} health answers, slowest ${Math.max(...refusal.healthMs).toFixed(0)} ms; RSS +${refusal.rssGrowthMb.toFixed(1)} MB`,
      );
    }
    if (healthMs.length === 0) throw new Error('No /api/health answer was measured.');
    console.log(
      `file: ${(text.length / 1024 / 1024).toFixed(1)} MB, 1,000,000 rows; ${healthMs.length} health answers`,
    );
    console.log(
      `RESULT import_health_p99_ms ${percentile(healthMs, 99).toFixed(0)} (goal <= ${HEALTH_P99_LIMIT_MS})`,
    );
    console.log(`RESULT import_rss_growth_mb ${rssGrowthMb.toFixed(1)} (goal < ${RSS_GROWTH_LIMIT_MB})`);
  } finally {
    await server.stop();
  }
});
