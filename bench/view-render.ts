// view-render bench (issue 4, "Speed"): the run view in Chromium with a 5,000-product bundle against the same
// page with 50 products. It times the first rows (navigation to the first product row on screen) and the
// re-render on one poll with a change (one visible product's page title edited, from the view-bundle-workflow
// response that carries it to the new text in the DOM), and prints each as a ratio 5,000 : 50.
// The app runs as `npm start` does (startServer, embedded database, dev outbox), with no worker: the runs stay
// queued, so the page keeps polling and only the bench's own edit changes them. `npx tsx bench/view-render.ts`;
// BENCH_ROUNDS sets the measured rounds.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { deliverQueuedMail } from '../src/server/auth/send-mail-task';
import { type RunningServer, startServer, WEB_ROOT } from '../src/server/boot';
import { loadConfig } from '../src/server/config';
import { silentLogger } from '../src/server/logger';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';
import { createCleanupStack, syntheticProductList } from './support';

const BIG = 5_000;
const SMALL = 50;
const OFFLINE_WORKFLOW = 4;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GOAL_RATIO = 3;
const PASSWORD = 'a long enough password';
const CLIENT_ADDRESS = '10.70.0.1';
const projectRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

type Timings = { firstRowsMs: number; rerenderMs: number; bodyMs: number };

declare global {
  interface Window {
    /** view-bundle-workflow answers, by performance.now() when the response arrived. */
    __pollResponses: Array<{ at: number; status: number; parsedAt?: number }>;
    /** When the first product row was in the document, and the frame after (painted). */
    __firstRowPaintedAt?: number;
    __textPaintedAt?: number;
  }
}

// The page scripts are strings: tsx compiles this file with esbuild's keepNames, whose __name() helper does
// not exist in the page.

/** Runs in every page before its scripts: notes poll answers and when the first product row is painted. */
const INSTRUMENT_PAGE = `
  window.__pollResponses = [];
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await originalFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/functions/v1/view-bundle-workflow')) {
      const entry = { at: performance.now(), status: response.status };
      window.__pollResponses.push(entry);
      // When the body is downloaded and parsed, to tell that part from the validation and the render.
      const readJson = response.json.bind(response);
      response.json = async () => {
        const body = await readJson();
        entry.parsedAt = performance.now();
        return body;
      };
    }
    return response;
  };
  const firstRowObserver = new MutationObserver(() => {
    if (document.querySelector('tr[id^="product-"]')) {
      firstRowObserver.disconnect();
      requestAnimationFrame(() => { window.__firstRowPaintedAt = performance.now(); });
    }
  });
  firstRowObserver.observe(document, { childList: true, subtree: true });
`;

/** Notes when `text` is painted in the row; returns how many poll answers came before. */
const watchForText = `({ rowId, text }) => {
  window.__textPaintedAt = undefined;
  const observer = new MutationObserver(() => {
    if (document.getElementById('product-' + rowId)?.textContent?.includes(text)) {
      observer.disconnect();
      requestAnimationFrame(() => { window.__textPaintedAt = performance.now(); });
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return window.__pollResponses.length;
}`;

/** From the first changed poll answer after `before` to the text being painted, and to its body parsed. */
const timeSinceChangedPoll = `(before) => {
  const changed = window.__pollResponses.slice(before).find((response) => response.status === 200);
  if (!changed) throw new Error('The new text appeared without a changed poll');
  return { totalMs: window.__textPaintedAt - changed.at, bodyMs: changed.parsedAt - changed.at };
}`;

// Ctrl-C mid-bench must not leave the database server, the browser or the folder behind.
const cleanups = createCleanupStack();

try {
  if (!existsSync(path.join(WEB_ROOT, 'index.html'))) {
    console.log('view-render: dist/web is missing; building the web app first (vite build)');
    const build = spawnSync(
      path.join(projectRoot, 'node_modules/.bin/vite'),
      ['build', '--logLevel', 'warn'],
      {
        cwd: projectRoot,
        stdio: 'inherit',
      },
    );
    if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status})`);
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'copyloom-view-render-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    // Each request names its client address for the auth rate limits, as in the Playwright journeys.
    TRUST_PROXY: 'true',
    WORKER_CONCURRENCY: '0',
  });
  const server: RunningServer = await startServer(config, silentLogger);
  cleanups.push(server.stop);

  const email = `view-render-${Date.now().toString(36)}@example.com`;
  await signUp(baseUrl, email, () => deliverQueuedMail(server.services.queue.pool, server.services.mailer));

  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  cleanups.push(() => browser.close());
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1440, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': CLIENT_ADDRESS },
  });
  await context.addInitScript({ content: INSTRUMENT_PAGE });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('link', { name: 'New', exact: true }).waitFor({ timeout: 30_000 });
  const token = await page.evaluate(() =>
    window.localStorage.getItem(`copyloom.${window.location.host}.auth-token`),
  );
  if (!token) throw new Error('Signed in, but the page holds no session token');

  const call = async (name: string, body: unknown) => {
    const response = await fetch(`${baseUrl}/functions/v1/${name}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-forwarded-for': CLIENT_ADDRESS,
      },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200)
      throw new Error(`${name} failed: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const bundles = new Map<number, number>();
  for (const count of [BIG, SMALL]) {
    const created = await call('new-bundle', {
      bundle_name: `View render ${count}`,
      ...syntheticProductList(count),
      workflow_id: OFFLINE_WORKFLOW,
    });
    bundles.set(count, created.bundle_id as number);
  }
  // The page calls job-queue-event-loop, which would write the runs; with their jobs gone they stay queued,
  // so the view keeps polling and the only change is the bench's own.
  await server.services.queue.pool.query('delete from graphile_worker._private_jobs');

  let edit = 0;
  const measure = async (count: number): Promise<Timings> => {
    const bundleId = bundles.get(count)!;
    await page.goto(`/view-bundle/${bundleId}/${OFFLINE_WORKFLOW}`);
    const firstRow = page.locator('tr[id^="product-"]').first();
    await firstRow.waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForFunction(() => window.__firstRowPaintedAt !== undefined);
    // Since navigation started: performance.now() counts from the new document's time origin.
    const firstRowsMs = await page.evaluate(() => window.__firstRowPaintedAt!);

    const rowId = Number((await firstRow.getAttribute('id'))!.replace('product-', ''));
    edit += 1;
    const text = `Render check ${edit} of bundle ${bundleId}`;
    const responsesBefore = await page.evaluate<number>(
      `(${watchForText})(${JSON.stringify({ rowId, text })})`,
    );
    await call('update-product-copy', { bundle_workflow_product_id: rowId, fields: { page_title: text } });
    await page.waitForFunction(() => window.__textPaintedAt !== undefined, undefined, { timeout: 30_000 });
    const rerender = await page.evaluate<{ totalMs: number; bodyMs: number }>(
      `(${timeSinceChangedPoll})(${responsesBefore})`,
    );
    return { firstRowsMs, rerenderMs: rerender.totalMs, bodyMs: rerender.bodyMs };
  };

  // A round of each first warms the browser's cache and the server's; then they alternate.
  await measure(BIG);
  await measure(SMALL);
  const results = new Map<number, Timings[]>([
    [BIG, []],
    [SMALL, []],
  ]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const count of [BIG, SMALL]) results.get(count)!.push(await measure(count));
  }

  const summary = (count: number) => {
    const runs = results.get(count)!;
    return {
      firstRows: median(runs.map((run) => run.firstRowsMs)),
      rerender: median(runs.map((run) => run.rerenderMs)),
      body: median(runs.map((run) => run.bodyMs)),
      runs,
    };
  };
  const big = summary(BIG);
  const small = summary(SMALL);
  const describe = (count: number, s: ReturnType<typeof summary>) =>
    `${String(count).padStart(5)} products: first rows ${formatMs(s.firstRows)} (${s.runs.map((r) => r.firstRowsMs.toFixed(0)).join(', ')}), re-render on a poll ${formatMs(s.rerender)} (${s.runs.map((r) => r.rerenderMs.toFixed(0)).join(', ')}; of which body download and JSON.parse ${s.body.toFixed(0)} ms)`;
  console.log(
    `view-render: Chromium ${browser.version()}, ${ROUNDS} rounds after a warm-up, medians; first rows from navigation, re-render from the poll's response`,
  );
  console.log(describe(BIG, big));
  console.log(describe(SMALL, small));
  const rerenderRatio = big.rerender / small.rerender;
  const firstRowsRatio = big.firstRows / small.firstRows;
  console.log(`RESULT view_render_rerender_ratio ${rerenderRatio.toFixed(2)} (goal <= ${GOAL_RATIO})`);
  console.log(`RESULT view_render_first_rows_ratio ${firstRowsRatio.toFixed(2)} (goal <= ${GOAL_RATIO})`);
} finally {
  await cleanups.run();
}

/** Signs up through the auth routes and confirms the address with the link from the dev outbox. */
async function signUp(baseUrl: string, email: string, deliverMail: () => Promise<void>): Promise<void> {
  const headers = { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': CLIENT_ADDRESS };
  const signUpResponse = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: PASSWORD, name: 'Bench' }),
  });
  if (!signUpResponse.ok)
    throw new Error(`sign-up failed: ${signUpResponse.status} ${await signUpResponse.text()}`);
  // No worker runs here, so the queued confirmation mail is delivered by hand.
  await deliverMail();
  const outbox = (await (await fetch(`${baseUrl}/dev/outbox.json`)).json()) as Array<{
    to: string;
    links: string[];
  }>;
  const link = outbox.find((entry) => entry.to === email)?.links.find((l) => l.includes('/verify-email'));
  if (!link) throw new Error(`No confirmation mail for ${email} in the dev outbox`);
  const confirmed = await fetch(link, { headers, redirect: 'manual' });
  if (confirmed.status >= 400) throw new Error(`confirmation failed: ${confirmed.status}`);
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function formatMs(ms: number): string {
  return `${ms.toFixed(0).padStart(5)} ms`;
}
