// A WooCommerce fake (tests/support/fake-woocommerce.ts) in a process of its own, for the push bench: a real
// store runs on another machine, so the fake's own work (it builds every product's view on each read) must not
// take the CPU of the process whose push is measured. The bench forks this file once per store; the store
// serves on loopback and answers, over the fork's IPC channel, what the bench checks of the requests it took.
// The floor's client and ours are measured against the same kind of store, the same way.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startFakeWooCommerce } from '../tests/support/fake-woocommerce';
import { wooCommerceCatalogue } from '../tests/support/store-catalogues';

export type WooStoreKeys = { consumerKey: string; consumerSecret: string };

/** What the store took since a request count: its reads, its batches, and the ids each batch updated. */
export type WooRequestsSince = { reads: number; batches: number; updatedIds: string[] };

type Ready = { origin: string; hostPort: string; productIds: number[]; storeItems: number };
type Asked = { ask: 'count' } | { ask: 'since'; from: number };
type Question = Asked & { id: number };
type Answer = { id: number; value: unknown };

export type WooStoreProcess = Ready & {
  /** How many requests the store has taken so far. */
  requestCount: () => Promise<number>;
  requestsSince: (from: number) => Promise<WooRequestsSince>;
  close: () => Promise<void>;
};

/** Forks a store holding the bench catalogue of `products` products (one of them with variations). */
export async function startWooStoreProcess(products: number, keys: WooStoreKeys): Promise<WooStoreProcess> {
  const child = fork(fileURLToPath(import.meta.url), ['--store', String(products), JSON.stringify(keys)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`The WooCommerce store process exited (${code})`)));
  });
  const waiting = new Map<number, (value: unknown) => void>();
  child.on('message', (message) => {
    const { id, value } = message as Answer;
    waiting.get(id)?.(value);
    waiting.delete(id);
  });
  let next = 0;
  const ask = <T>(question: Asked) =>
    new Promise<T>((resolve) => {
      const id = ++next;
      waiting.set(id, resolve as (value: unknown) => void);
      child.send({ ...question, id });
    });
  return {
    ...ready,
    requestCount: () => ask<number>({ ask: 'count' }),
    requestsSince: (from) => ask<WooRequestsSince>({ ask: 'since', from }),
    close: () => stop(child),
  };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The forked side: starts the store and answers the bench's questions until it is stopped. */
async function serveStore(products: number, keys: WooStoreKeys) {
  const fake = await startFakeWooCommerce(wooCommerceCatalogue(products - 1), keys);
  const send = (message: unknown) => process.send?.(message);
  process.on('message', (message) => {
    const question = message as Question;
    if (question.ask === 'count') return send({ id: question.id, value: fake.requests.length });
    const taken = fake.requests.slice(question.from);
    const batches = taken.filter((request) => request.method === 'POST' && request.path.includes('/batch'));
    const value: WooRequestsSince = {
      reads: taken.filter((request) => request.method === 'GET').length,
      batches: batches.length,
      updatedIds: batches.flatMap((request) =>
        ((request.body as { update?: { id: number }[] }).update ?? []).map((item) => String(item.id)),
      ),
    };
    send({ id: question.id, value });
  });
  process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
  // The bench gone (its IPC channel closed), the store goes too: nothing is left listening.
  process.on('disconnect', () => void fake.close().then(() => process.exit(0)));
  const ready: Ready = {
    origin: fake.origin,
    hostPort: fake.hostPort,
    productIds: fake.products.map((product) => product.id),
    // A variation's description is its own, written through its parent's variations/batch.
    storeItems: fake.products.reduce((sum, product) => sum + 1 + product.variations.length, 0),
  };
  send(ready);
}

if (process.argv[2] === '--store') {
  await serveStore(Number(process.argv[3]), JSON.parse(process.argv[4]!) as WooStoreKeys);
}
