// The users of bench/load-functions.ts and the outside world they bring, in a process of their own: each
// user's Shopify store (the fake) and one webhook receiver, all on loopback. Clients and fakes sharing the
// app's event loop would slow the app and time their requests by its backlog. Started by
// bench/load-functions.ts over IPC; not a bench itself (bench/run.ts skips support*.ts).
//
// Messages out: { type: 'listening', stores, receiver } once the fakes listen, and { type: 'results', results }.
// Messages in:  { type: 'start', settings }; the users run for settings.loadMs, then report.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Papa from 'papaparse';
import type { FunctionName } from '../src/common/functions';
import { FUNCTION_SCOPES } from '../src/server/http/function-scopes';
import { type FakeShopify, startFakeShopify } from '../tests/support/fake-shopify';
import { pagesCsv } from '../tests/support/search-console-export';
import { shopifyCatalogue } from '../tests/support/store-catalogues';
import { productInputOf } from '../tests/support/store-requests';

export type FunctionsUser = { index: number; token: string };
export type FunctionsSettings = { baseUrl: string; users: FunctionsUser[]; loadMs: number; seed: number };
/** The set-up (each user's first webhook, store, key, bundle and import), or the load's mix after it. */
export type Phase = 'set-up' | 'load';
export type Call = { name: FunctionName; ms: number; status: number; phase: Phase };
export type FunctionsResults = {
  /** Every answered call. */
  calls: Call[];
  /** Answers other than 2xx and the expected 429, and requests that got no answer, each described. */
  errors: { name: FunctionName; what: string; phase: Phase }[];
  /** Webhook deliveries the receiver got (test-webhook and push.completed). */
  deliveries: number;
  /** productUpdate calls the stores answered, and the products that got more than one. */
  productUpdates: number;
  productsWrittenTwice: number;
  /** Pushes started, and those that ended other than done (or had not ended PUSH_SETTLE_MS after the load). */
  pushes: { started: number; unfinished: string[] };
};
export type FromFunctionsClients =
  | { type: 'listening'; stores: { origin: string; hostPort: string }[]; receiver: string }
  | { type: 'results'; results: FunctionsResults };
export type ToFunctionsClients = { type: 'start'; settings: FunctionsSettings };

export const STORE_TOKEN = 'shpat_load_functions_bench_token_0123';
/** The built-in writer (seeded workflow 4): no provider, so the runs cost nothing and need no fake LLM. */
const OFFLINE_WORKFLOW = 4;
/** The ring and 19 totes: two pages of the fake's catalogue. */
const STORE_EXTRA_PRODUCTS = 19;
const LIST_PRODUCTS = 20;
/** A person's pause between two actions, drawn from this range. */
const THINK_MS = [250, 750] as const;
/** Creations a user makes at most during the load: each adds rows (and a run) that later calls read. */
const MAX_CREATED = { bundles: 4, imports: 2, keys: 10, searchImports: 5 } as const;
/** Every user's set-up, and its store's import written by the built-in writer, within this. */
const SET_UP_LIMIT_MS = 240_000;
/** After the load, pushes still running get this long to end. */
const PUSH_SETTLE_MS = 30_000;

type UserState = {
  user: FunctionsUser;
  apiKey?: string;
  webhookId?: number;
  storeId?: number;
  bundles: { bundle_id: number; workflow_id: number }[];
  imported?: { bundle_id: number; workflow_id: number; bundle_workflow_id: number };
  isImportedRunWritten: boolean;
  pushIds: number[];
  created: { bundles: number; imports: number; keys: number; searchImports: number };
};

type OutsideWorld = {
  stores: FakeShopify[];
  /** "127.0.0.1:<port>" of the webhook receiver. */
  receiver: string;
  deliveries: () => number;
  close: () => Promise<void>;
};

/** A Shopify fake per user and one webhook receiver for them all, on loopback. */
async function startOutsideWorld(users: number): Promise<OutsideWorld> {
  // Generous buckets: the stores are not what is measured, and a push waiting on a bucket would only hide
  // the app's own latency.
  const stores = await Promise.all(
    Array.from({ length: users }, () =>
      startFakeShopify(shopifyCatalogue(STORE_EXTRA_PRODUCTS), {
        accessToken: STORE_TOKEN,
        bucketSize: 1e9,
        restoreRate: 1e9,
      }),
    ),
  );
  let deliveries = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      deliveries += 1;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  return {
    stores,
    receiver: `127.0.0.1:${port}`,
    deliveries: () => deliveries,
    close: async () => {
      await Promise.all(stores.map((store) => store.close()));
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    },
  };
}

/** A small seeded generator (mulberry32), so two runs of the bench make the same mix of calls. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function productList(user: number, bundle: number): { columns: string[]; raw_csv: string } {
  const rows = Array.from({ length: LIST_PRODUCTS }, (_, i) => [
    `Field Notebook ${user}-${bundle}-${i + 1}`,
    `https://shop.example/products/notebook-${user}-${bundle}-${i + 1}`,
  ]);
  return { columns: ['title', 'url'], raw_csv: Papa.unparse(rows) };
}

/** A Search Console Pages.csv for a bundle's products: every page has figures, so every product ranks. */
function searchPages(user: number, bundle: number): string {
  return pagesCsv(
    Array.from({ length: LIST_PRODUCTS }, (_, i) => ({
      url: `https://shop.example/products/notebook-${user}-${bundle}-${i + 1}`,
      clicks: 3 + i,
      impressions: 400 + i * 37,
      position: 2.5 + (i % 9),
    })),
  );
}

function runUsers(
  settings: FunctionsSettings,
  stores: { origin: string }[],
  receiver: string,
): Promise<Omit<FunctionsResults, 'deliveries' | 'productUpdates' | 'productsWrittenTwice'>> {
  const random = seededRandom(settings.seed);
  const calls: Call[] = [];
  const errors: FunctionsResults['errors'] = [];
  // Set-up first, bounded; the load's own clock starts once every user's store is imported and written.
  let deadline = performance.now() + SET_UP_LIMIT_MS;
  let phase: Phase = 'set-up';
  const isOver = () => performance.now() >= deadline;

  /**
   * One call as a client makes it: with the user's API key where its scopes allow (half the users, as an
   * integration would), else the session token. A 429 waits for Retry-After (within the load) and counts
   * apart; any other answer that is not 2xx counts as an error.
   */
  const call = async <T>(state: UserState, name: FunctionName, body: unknown): Promise<T | undefined> => {
    const useKey = state.apiKey !== undefined && FUNCTION_SCOPES[name] !== null;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      authorization: `Bearer ${useKey ? state.apiKey : state.user.token}`,
    };
    if (name === 'new-bundle' || name === 'import-store' || name === 'push-to-store') {
      headers['idempotency-key'] = randomUUID();
    }
    const started = performance.now();
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${settings.baseUrl}/functions/v1/${name}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      text = await response.text();
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      errors.push({ name, what: `no answer: ${String(error)}${cause ? ` (${cause})` : ''}`, phase });
      return undefined;
    }
    const ms = performance.now() - started;
    calls.push({ name, ms, status: response.status, phase });
    if (response.status === 429) {
      const waitMs = Number(response.headers.get('retry-after') ?? 1) * 1000;
      await sleep(Math.min(waitMs, deadline - performance.now()));
      return undefined;
    }
    if (response.status < 200 || response.status >= 300) {
      errors.push({ name, what: `${response.status} ${text.slice(0, 200)}`, phase });
      return undefined;
    }
    return JSON.parse(text) as T;
  };

  const setUp = async (state: UserState) => {
    const { index } = state.user;
    const webhook = await call<{ webhook: { id: number } }>(state, 'create-webhook', {
      url: `http://${receiver}/user-${index}`,
      events: ['push.completed', 'run.completed'],
    });
    state.webhookId = webhook?.webhook.id;
    const store = await call<{ store: { id: number } }>(state, 'connect-store', {
      platform: 'shopify',
      store_url: stores[index]!.origin,
      access_token: STORE_TOKEN,
    });
    state.storeId = store?.store.id;
    const key = await call<{ key: string }>(state, 'create-api-key', {
      name: `Integration ${index}`,
      scopes: ['read', 'write', 'run', 'push'],
    });
    state.created.keys += 1;
    // Half the users go on as an integration would, with the key; the other half as a person in the app.
    if (index % 2 === 0) state.apiKey = key?.key;
    await newBundle(state);
    if (state.storeId !== undefined) {
      state.imported = await call(state, 'import-store', {
        store_id: state.storeId,
        bundle_name: `Store ${index}`,
        workflow_id: OFFLINE_WORKFLOW,
      });
      state.created.imports += 1;
    }
  };

  const newBundle = async (state: UserState) => {
    const n = state.created.bundles;
    state.created.bundles += 1;
    const bundle = await call<{ bundle_id: number; workflow_id: number }>(state, 'new-bundle', {
      bundle_name: `Notebooks ${state.user.index}-${n}`,
      ...productList(state.user.index, n),
      workflow_id: OFFLINE_WORKFLOW,
    });
    if (!bundle) return;
    state.bundles.push(bundle);
    state.created.searchImports += 1;
    await call(state, 'import-search-data', {
      bundle_id: bundle.bundle_id,
      text: searchPages(state.user.index, n),
      period_start: '2026-10-01',
      period_end: '2026-10-28',
    });
  };

  const pick = <T>(items: T[]): T | undefined => items[Math.floor(random() * items.length)];

  /** The mix: reads most often, as people and integrations do, and creations now and then, bounded. */
  const actions: { weight: number; run: (state: UserState) => Promise<unknown> | undefined }[] = [
    { weight: 3, run: (s) => viewRun(s, pick(s.bundles)) },
    { weight: 2, run: (s) => (s.imported ? viewImportedRun(s) : undefined) },
    { weight: 2, run: (s) => call(s, 'list-webhooks', {}) },
    {
      weight: 1,
      run: (s) => (s.webhookId ? call(s, 'test-webhook', { webhook_id: s.webhookId }) : undefined),
    },
    { weight: 2, run: (s) => call(s, 'list-stores', {}) },
    { weight: 2, run: (s) => viewPriorities(s) },
    { weight: 1, run: (s) => call(s, 'list-api-keys', {}) },
    { weight: 1.5, run: (s) => (s.isImportedRunWritten ? call(s, 'preview-push', pushBody(s)) : undefined) },
    { weight: 0.5, run: (s) => (s.isImportedRunWritten ? pushToStore(s) : undefined) },
    { weight: 2, run: (s) => viewPush(s) },
    { weight: 0.3, run: (s) => (s.created.bundles < MAX_CREATED.bundles ? newBundle(s) : undefined) },
    { weight: 0.3, run: (s) => searchImport(s) },
    { weight: 0.3, run: (s) => createKey(s) },
    { weight: 0.2, run: (s) => importStore(s) },
  ];
  const totalWeight = actions.reduce((sum, action) => sum + action.weight, 0);
  const pickAction = () => {
    let roll = random() * totalWeight;
    for (const action of actions) {
      roll -= action.weight;
      if (roll < 0) return action;
    }
    return actions[actions.length - 1]!;
  };

  const viewRun = (state: UserState, bundle: { bundle_id: number; workflow_id: number } | undefined) =>
    bundle ? call(state, 'view-bundle-workflow', bundle) : undefined;
  const viewImportedRun = async (state: UserState) => {
    const run = await call<{
      totals: { total: number; done: number; failed: number };
      store_import?: { state: string };
    }>(state, 'view-bundle-workflow', {
      bundle_id: state.imported!.bundle_id,
      workflow_id: state.imported!.workflow_id,
    });
    // A person pushes once the import has filled the run and its copy is written.
    const totals = run?.totals;
    if (run?.store_import?.state === 'done' && totals && totals.total > 0 && totals.done === totals.total) {
      state.isImportedRunWritten = true;
    }
  };
  const pushBody = (state: UserState) => ({
    bundle_workflow_id: state.imported!.bundle_workflow_id,
    store_id: state.storeId!,
    only_approved: false,
    fields: ['description', 'seo_title', 'seo_description'],
  });
  const pushToStore = async (state: UserState) => {
    const push = await call<{ push_id: number }>(state, 'push-to-store', pushBody(state));
    if (push) state.pushIds.push(push.push_id);
  };
  const viewPush = (state: UserState) => {
    const pushId = state.pushIds.at(-1);
    return pushId ? call(state, 'view-push', { push_id: pushId }) : undefined;
  };
  const viewPriorities = (state: UserState) => {
    const bundle = pick(state.bundles);
    return bundle ? call(state, 'view-search-priorities', { bundle_id: bundle.bundle_id }) : undefined;
  };
  const searchImport = (state: UserState) => {
    const index = Math.floor(random() * state.bundles.length);
    const bundle = state.bundles[index];
    if (!bundle || state.created.searchImports >= MAX_CREATED.searchImports) return undefined;
    state.created.searchImports += 1;
    return call(state, 'import-search-data', {
      bundle_id: bundle.bundle_id,
      text: searchPages(state.user.index, index),
      period_start: '2026-11-01',
      period_end: '2026-11-28',
    });
  };
  const createKey = (state: UserState) => {
    if (state.created.keys >= MAX_CREATED.keys) return undefined;
    state.created.keys += 1;
    return call(state, 'create-api-key', { name: `Key ${state.created.keys}`, scopes: ['read'] });
  };
  const importStore = (state: UserState) => {
    if (state.storeId === undefined || state.created.imports >= MAX_CREATED.imports) return undefined;
    state.created.imports += 1;
    return call(state, 'import-store', {
      store_id: state.storeId,
      bundle_name: `Store ${state.user.index} again ${state.created.imports}`,
      workflow_id: OFFLINE_WORKFLOW,
    });
  };

  const states: UserState[] = settings.users.map((user) => ({
    user,
    bundles: [],
    isImportedRunWritten: false,
    pushIds: [],
    created: { bundles: 0, imports: 0, keys: 0, searchImports: 0 },
  }));
  const setUpAll = states.map(async (state, i) => {
    // People do not start in step: spread over the first two seconds.
    await sleep((i / states.length) * 2_000);
    await setUp(state);
    // As a person waits for the import and its copy before pushing: looking at the run now and then.
    while (state.imported && !state.isImportedRunWritten && !isOver()) {
      await viewImportedRun(state);
      await sleep(1_000);
    }
    if (state.imported && !state.isImportedRunWritten) {
      errors.push({
        name: 'import-store',
        what: `the import's run was not written in ${SET_UP_LIMIT_MS} ms`,
        phase,
      });
    }
  });

  return Promise.all(setUpAll).then(async () => {
    deadline = performance.now() + settings.loadMs;
    phase = 'load';
    await Promise.all(
      states.map(async (state, i) => {
        await sleep((i / states.length) * 1_000);
        while (!isOver()) {
          await pickAction().run(state);
          await sleep(THINK_MS[0] + random() * (THINK_MS[1] - THINK_MS[0]));
        }
      }),
    );
    // Every push started must end done: a push left running or failed is an error of the app.
    const unfinished: string[] = [];
    const settleBy = performance.now() + PUSH_SETTLE_MS;
    for (const state of states) {
      for (const pushId of state.pushIds) {
        for (;;) {
          const view = await fetch(`${settings.baseUrl}/functions/v1/view-push`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${state.user.token}` },
            body: JSON.stringify({ push_id: pushId }),
          })
            .then((response) => response.json() as Promise<{ state?: string }>)
            .catch(() => ({ state: 'unanswered' }));
          if (view.state === 'done') break;
          if (view.state === 'failed' || performance.now() > settleBy) {
            unfinished.push(`push ${pushId} ${view.state}`);
            break;
          }
          await sleep(250);
        }
      }
    }
    const started = states.reduce((sum, state) => sum + state.pushIds.length, 0);
    return { calls, errors, pushes: { started, unfinished } };
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

if (process.send) {
  const send = (message: FromFunctionsClients) =>
    new Promise<void>((resolve) => process.send?.(message, () => resolve()));
  // The number of users comes as the first argument: a store each.
  const world = await startOutsideWorld(Number(process.argv[2]));
  process.on('message', (message: ToFunctionsClients) => {
    if (message.type !== 'start') return;
    void runUsers(message.settings, world.stores, world.receiver).then(async (partial) => {
      let productUpdates = 0;
      let productsWrittenTwice = 0;
      for (const store of world.stores) {
        const writes = new Map<unknown, number>();
        for (const c of store.calls) {
          if (c.throttled || !c.query.includes('productUpdate')) continue;
          productUpdates += 1;
          const id = productInputOf(c).id;
          writes.set(id, (writes.get(id) ?? 0) + 1);
        }
        productsWrittenTwice += [...writes.values()].filter((count) => count > 1).length;
      }
      await send({
        type: 'results',
        results: { ...partial, deliveries: world.deliveries(), productUpdates, productsWrittenTwice },
      });
      await world.close();
      process.disconnect();
    });
  });
  // The bench going away ends the clients too.
  process.on('disconnect', () => process.exit(0));
  await send({
    type: 'listening',
    stores: world.stores.map((store) => ({ origin: store.origin, hostPort: store.hostPort })),
    receiver: world.receiver,
  });
}
