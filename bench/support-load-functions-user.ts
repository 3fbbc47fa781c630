// One simulated user of bench/load-functions.ts: what they have made so far (a webhook, a store, keys, bundles,
// an import, pushes), the set-up each makes first, and the mix of calls they then pick from. Every call goes
// over HTTP as a client's would, its answer parsed with the contract's schema, and is recorded with its time.
import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import type { FunctionName, FunctionRequest, FunctionResponse } from '../src/common/contract/functions';
import { FUNCTION_SCOPES } from '../src/server/http/function-scopes';
import { parseAnswer } from '../tests/support/answers';
import { pagesCsv } from '../tests/support/search-console-export';
import { STORE_TOKEN } from './support-load-functions-world';

export type FunctionsUser = { index: number; token: string };
/** The set-up (each user's first webhook, store, key, bundle and import), or the load's mix after it. */
export type Phase = 'set-up' | 'load';
export type Call = { name: FunctionName; ms: number; status: number; phase: Phase };
export type CallError = { name: FunctionName; what: string; phase: Phase };

/** What the users share: where the app is, the seeded dice, the record of calls, and the phase's clock. */
export type UserContext = {
  baseUrl: string;
  random: () => number;
  calls: Call[];
  errors: CallError[];
  phase: () => Phase;
  /** performance.now() at which the current phase ends. */
  deadline: () => number;
};

/** The built-in writer (seeded workflow 4): no provider, so the runs cost nothing and need no fake LLM. */
const OFFLINE_WORKFLOW = 4;
const LIST_PRODUCTS = 20;
/** Creations a user makes at most during the load: each adds rows (and a run) that later calls read. */
const MAX_CREATED = { bundles: 4, imports: 2, keys: 10, searchImports: 5 } as const;
const IDEMPOTENT: ReadonlySet<FunctionName> = new Set(['new-bundle', 'import-store', 'push-to-store']);
const PUSH_FIELDS = ['description', 'seo_title', 'seo_description'] as const;

type BundleRef = { bundle_id: number; workflow_id: number };

export class SimulatedUser {
  #apiKey: string | undefined;
  #webhookId: number | undefined;
  #storeId: number | undefined;
  readonly #bundles: BundleRef[] = [];
  #imported: FunctionResponse<'import-store'> | undefined;
  #isImportedRunWritten = false;
  readonly pushIds: number[] = [];
  readonly #created = { bundles: 0, imports: 0, keys: 0, searchImports: 0 };

  constructor(
    readonly user: FunctionsUser,
    private readonly context: UserContext,
  ) {}

  /**
   * One call as a client makes it: with the user's API key where its scopes allow (half the users, as an
   * integration would), else the session token. A 429 waits for Retry-After (within the phase) and counts
   * apart; any other answer that is not 2xx, or no answer, counts as an error.
   */
  async call<N extends FunctionName>(
    name: N,
    body: FunctionRequest<N>,
  ): Promise<FunctionResponse<N> | undefined> {
    const { context } = this;
    const phase = context.phase();
    const useKey = this.#apiKey !== undefined && FUNCTION_SCOPES[name] !== null;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      authorization: `Bearer ${useKey ? this.#apiKey : this.user.token}`,
      ...(IDEMPOTENT.has(name) ? { 'idempotency-key': randomUUID() } : {}),
    };
    const started = performance.now();
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${context.baseUrl}/functions/v1/${name}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      text = await response.text();
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      context.errors.push({ name, what: `no answer: ${String(error)}${cause ? ` (${cause})` : ''}`, phase });
      return undefined;
    }
    context.calls.push({ name, ms: performance.now() - started, status: response.status, phase });
    if (response.status === 429) {
      const waitMs = Number(response.headers.get('retry-after') ?? 1) * 1000;
      await sleep(Math.min(waitMs, context.deadline() - performance.now()));
      return undefined;
    }
    try {
      if (response.status !== 200) throw new Error(`${response.status} ${text.slice(0, 200)}`);
      return parseAnswer(name, JSON.parse(text));
    } catch (error) {
      context.errors.push({ name, what: error instanceof Error ? error.message : String(error), phase });
      return undefined;
    }
  }

  /** A webhook to the receiver, the user's store, an API key, a bundle with search data, and an import. */
  async setUp(storeOrigin: string, receiver: string): Promise<void> {
    const { index } = this.user;
    const webhook = await this.call('create-webhook', {
      url: `http://${receiver}/user-${index}`,
      events: ['push.completed', 'run.completed'],
    });
    this.#webhookId = webhook?.webhook.id;
    const store = await this.call('connect-store', {
      platform: 'shopify',
      store_url: storeOrigin,
      access_token: STORE_TOKEN,
    });
    this.#storeId = store?.store.id;
    this.#created.keys += 1;
    const key = await this.call('create-api-key', {
      name: `Integration ${index}`,
      scopes: ['read', 'write', 'run', 'push'],
    });
    // Half the users go on as an integration would, with the key; the other half as a person in the app.
    if (index % 2 === 0) this.#apiKey = key?.key;
    await this.newBundle();
    if (this.#storeId === undefined) return;
    this.#created.imports += 1;
    this.#imported = await this.call('import-store', {
      store_id: this.#storeId,
      bundle_name: `Store ${index}`,
      workflow_id: OFFLINE_WORKFLOW,
    });
  }

  /** As a person waits for the import and its copy before pushing: a look at the run every second. */
  async waitForImportedRun(isOver: () => boolean): Promise<boolean> {
    while (this.#imported && !this.#isImportedRunWritten && !isOver()) {
      await this.viewImportedRun();
      await sleep(1_000);
    }
    return this.#isImportedRunWritten;
  }

  /** One action of the mix, picked by weight: reads most often, as people and integrations do. */
  act(): Promise<unknown> {
    const actions = this.#actions();
    const total = actions.reduce((sum, [weight]) => sum + weight, 0);
    let roll = this.context.random() * total;
    for (const [weight, run] of actions) {
      roll -= weight;
      if (roll < 0) return run();
    }
    return actions[actions.length - 1]![1]();
  }

  /** Weighted actions; one whose prerequisite is missing (no push yet, say) does nothing. */
  #actions(): [number, () => Promise<unknown>][] {
    const can = this.#isImportedRunWritten;
    const bundle = this.#pick(this.#bundles);
    const idle = () => Promise.resolve();
    return [
      [3, bundle ? () => this.call('view-bundle-workflow', bundle) : idle],
      [2, this.#imported ? () => this.viewImportedRun() : idle],
      [2, () => this.call('list-webhooks', {})],
      [1, this.#webhookId ? () => this.call('test-webhook', { webhook_id: this.#webhookId! }) : idle],
      [2, () => this.call('list-stores', {})],
      [2, bundle ? () => this.call('view-search-priorities', { bundle_id: bundle.bundle_id }) : idle],
      [1, () => this.call('list-api-keys', {})],
      [1.5, can ? () => this.call('preview-push', this.#pushBody()) : idle],
      [0.5, can ? () => this.#pushToStore() : idle],
      [2, this.pushIds.length > 0 ? () => this.call('view-push', { push_id: this.pushIds.at(-1)! }) : idle],
      [0.3, this.#created.bundles < MAX_CREATED.bundles ? () => this.newBundle() : idle],
      [0.3, () => this.#searchImport()],
      [0.3, () => this.#createKey()],
      [0.2, () => this.#importStoreAgain()],
    ];
  }

  async newBundle(): Promise<void> {
    const n = this.#created.bundles;
    this.#created.bundles += 1;
    const bundle = await this.call('new-bundle', {
      bundle_name: `Notebooks ${this.user.index}-${n}`,
      ...productList(this.user.index, n),
      workflow_id: OFFLINE_WORKFLOW,
    });
    if (!bundle) return;
    this.#bundles.push(bundle);
    this.#created.searchImports += 1;
    await this.call('import-search-data', {
      bundle_id: bundle.bundle_id,
      text: searchPages(this.user.index, n),
      period_start: '2026-10-01',
      period_end: '2026-10-28',
    });
  }

  async viewImportedRun(): Promise<void> {
    const imported = this.#imported!;
    const run = await this.call('view-bundle-workflow', {
      bundle_id: imported.bundle_id,
      workflow_id: imported.workflow_id,
    });
    const totals = run?.totals;
    if (run?.store_import?.state === 'done' && totals && totals.total > 0 && totals.done === totals.total) {
      this.#isImportedRunWritten = true;
    }
  }

  #pushBody() {
    return {
      bundle_workflow_id: this.#imported!.bundle_workflow_id,
      store_id: this.#storeId!,
      only_approved: false,
      fields: [...PUSH_FIELDS],
    };
  }

  async #pushToStore(): Promise<void> {
    const push = await this.call('push-to-store', this.#pushBody());
    if (push) this.pushIds.push(push.push_id);
  }

  async #searchImport(): Promise<void> {
    const index = Math.floor(this.context.random() * this.#bundles.length);
    const bundle = this.#bundles[index];
    if (!bundle || this.#created.searchImports >= MAX_CREATED.searchImports) return;
    this.#created.searchImports += 1;
    await this.call('import-search-data', {
      bundle_id: bundle.bundle_id,
      text: searchPages(this.user.index, index),
      period_start: '2026-11-01',
      period_end: '2026-11-28',
    });
  }

  async #createKey(): Promise<void> {
    if (this.#created.keys >= MAX_CREATED.keys) return;
    this.#created.keys += 1;
    await this.call('create-api-key', { name: `Key ${this.#created.keys}`, scopes: ['read'] });
  }

  async #importStoreAgain(): Promise<void> {
    if (this.#storeId === undefined || this.#created.imports >= MAX_CREATED.imports) return;
    this.#created.imports += 1;
    await this.call('import-store', {
      store_id: this.#storeId,
      bundle_name: `Store ${this.user.index} again ${this.#created.imports}`,
      workflow_id: OFFLINE_WORKFLOW,
    });
  }

  #pick<T>(items: T[]): T | undefined {
    return items[Math.floor(this.context.random() * items.length)];
  }
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

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
