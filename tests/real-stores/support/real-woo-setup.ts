// Vitest global setup for the real-stores tier: three real WooCommerce stores (WordPress + WooCommerce from
// the shared real-stores folder, each with its own fresh WOO_DIR and port), started at once and stopped after.
// - none: no SEO plugin, plain http as a store without TLS (WOO_HTTPS_HINT=0), so only OAuth 1.0a gets in;
// - yoast and rankmath: as behind a TLS-terminating proxy (WOO_HTTPS_HINT=1), reached by the tests through
//   tls-proxy.ts, so Basic (and the query-string keys when the header is stripped) get in.
// The folder is REAL_WOO_DIR (.ci/run sets it to the store kept beside the project); without it the tier fails
// here, naming what is missing: it never passes by running nothing.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { REAL_STORE_SETUPS, type RealStore, type RealStoreName } from './real-stores';

declare module 'vitest' {
  export interface ProvidedContext {
    realStores: Record<RealStoreName, RealStore>;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function realWooDir(): string {
  return path.resolve(repoRoot, process.env.REAL_WOO_DIR ?? '');
}

async function startStore(folder: string, name: RealStoreName, wooDir: string): Promise<RealStore> {
  const setup = REAL_STORE_SETUPS[name];
  const started = Date.now();
  // Its own temporary folder: MariaDB's tmpdir is TMPDIR, and three bootstraps at once in a shared /tmp were
  // seen to fail ("Could not remove temporary table", mariadb-install-db).
  const tmp = `${wooDir}-tmp`;
  await mkdir(tmp, { recursive: true });
  const child = spawn('bash', [path.join(folder, 'start.sh')], {
    env: {
      ...process.env,
      TMPDIR: tmp,
      WOO_DIR: wooDir,
      WOO_PORT: String(setup.port),
      WOO_SEO: name,
      WOO_HTTPS_HINT: setup.httpsHint,
      WOO_QUIET: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0)
    throw new Error(`start.sh for the ${name} store failed (exit ${code}):\n${stderr.slice(-3000)}`);
  const exports = Object.fromEntries(
    [...stdout.matchAll(/^export (\w+)='([^']*)'$/gm)].map((match) => [match[1]!, match[2]!]),
  );
  for (const key of ['WOO_URL', 'WOO_CONSUMER_KEY', 'WOO_CONSUMER_SECRET', 'WOO_DIR']) {
    if (!exports[key]) throw new Error(`start.sh for the ${name} store printed no ${key}:\n${stdout}`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`[real-stores] ${name} store up at ${exports.WOO_URL} in ${seconds} s`);
  return {
    name,
    url: exports.WOO_URL!,
    consumerKey: exports.WOO_CONSUMER_KEY!,
    consumerSecret: exports.WOO_CONSUMER_SECRET!,
    wooDir: exports.WOO_DIR!,
    httpsHint: setup.httpsHint,
  };
}

export default async function setup(project: TestProject) {
  const folder = realWooDir();
  if (!existsSync(path.join(folder, 'start.sh'))) {
    throw new Error(
      `The real-stores tier needs the real WooCommerce store folder (start.sh, stop.sh and the tarballs), ` +
        `and ${folder} has no start.sh. Set REAL_WOO_DIR to that folder. ` +
        '`npm test` does not need it; only `npm run test:real-stores` does.',
    );
  }
  if (!process.env.NODE_EXTRA_CA_CERTS) {
    throw new Error(
      "The real-stores tier runs through `npm run test:real-stores`, which trusts the TLS proxy's test certificate (NODE_EXTRA_CA_CERTS).",
    );
  }
  // Short: start.sh keeps the MariaDB socket inside WOO_DIR when its path fits in a unix socket's ~100 bytes.
  const tempRoot = await mkdtemp(path.join(os.tmpdir(), 'crw-'));
  const started = Date.now();
  const names = Object.keys(REAL_STORE_SETUPS) as RealStoreName[];
  const wooDirs: string[] = [];
  // One more try in a fresh folder: a failed start.sh stops what it started, and a busy machine has failed one.
  const startWithRetry = async (name: RealStoreName) => {
    for (let attempt = 1; ; attempt++) {
      const wooDir = path.join(tempRoot, `${name}-${attempt}`);
      wooDirs.push(wooDir);
      try {
        return await startStore(folder, name, wooDir);
      } catch (error) {
        if (attempt >= 2) throw error;
        console.error(`[real-stores] the ${name} store did not start; trying again:`, error);
      }
    }
  };
  const results = await Promise.allSettled(names.map(startWithRetry));
  const stop = async () => {
    await Promise.all(
      wooDirs.map((wooDir) =>
        promisify(execFile)('bash', [path.join(folder, 'stop.sh'), wooDir]).catch((error: unknown) =>
          console.error(`[real-stores] stop.sh for ${wooDir}:`, error),
        ),
      ),
    );
    await rm(tempRoot, { recursive: true, force: true });
  };
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw (failed as PromiseRejectedResult).reason;
  }
  console.log(`[real-stores] three stores up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const stores = Object.fromEntries(
    results.map((result) => [
      (result as PromiseFulfilledResult<RealStore>).value.name,
      (result as PromiseFulfilledResult<RealStore>).value,
    ]),
  ) as Record<RealStoreName, RealStore>;
  project.provide('realStores', stores);
  return stop;
}
