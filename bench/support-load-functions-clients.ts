// The users of bench/load-functions.ts and the outside world they bring (support-load-functions-world.ts), in
// a process of their own: clients and fakes sharing the app's event loop would slow the app and time their
// requests by its backlog. Started by bench/load-functions.ts over IPC; not a bench itself (bench/run.ts skips
// support*.ts).
//
// Messages out: { type: 'listening', stores, receiver } once the fakes listen, and { type: 'results', results }.
// Messages in:  { type: 'start', settings }; the users set up, run the mix for settings.loadMs, then report.

import {
  type Call,
  type CallError,
  type FunctionsUser,
  type Phase,
  SimulatedUser,
  sleep,
} from './support-load-functions-user';
import { countProductUpdates, startOutsideWorld } from './support-load-functions-world';

export type FunctionsSettings = { baseUrl: string; users: FunctionsUser[]; loadMs: number; seed: number };
export type FunctionsResults = {
  /** Every answered call. */
  calls: Call[];
  /** Answers other than 2xx and the expected 429, and requests that got no answer, each described. */
  errors: CallError[];
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

/** A person's pause between two actions, drawn from this range. */
const THINK_MS = [250, 750] as const;
/** Every user's set-up, and its store's import written by the built-in writer, within this. */
const SET_UP_LIMIT_MS = 240_000;
/** After the load, pushes still running get this long to end. */
const PUSH_SETTLE_MS = 30_000;

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

/** The set-up, all users at once (spread over two seconds), then the mix until the load's time is up. */
async function runUsers(settings: FunctionsSettings, stores: { origin: string }[], receiver: string) {
  const calls: Call[] = [];
  const errors: CallError[] = [];
  // The set-up's clock is a limit; the load's own starts once every user's import is written.
  let phase: Phase = 'set-up';
  let deadline = performance.now() + SET_UP_LIMIT_MS;
  const isOver = () => performance.now() >= deadline;
  const context = {
    baseUrl: settings.baseUrl,
    random: seededRandom(settings.seed),
    calls,
    errors,
    phase: () => phase,
    deadline: () => deadline,
  };
  const users = settings.users.map((user) => new SimulatedUser(user, context));
  await Promise.all(
    users.map(async (user, i) => {
      await sleep((i / users.length) * 2_000);
      await user.setUp(stores[user.user.index]!.origin, receiver);
      if (!(await user.waitForImportedRun(isOver))) {
        const what = `the import's run was not written in ${SET_UP_LIMIT_MS} ms`;
        errors.push({ name: 'import-store', what, phase });
      }
    }),
  );
  phase = 'load';
  deadline = performance.now() + settings.loadMs;
  await Promise.all(
    users.map(async (user, i) => {
      await sleep((i / users.length) * 1_000);
      while (!isOver()) {
        await user.act();
        await sleep(THINK_MS[0] + context.random() * (THINK_MS[1] - THINK_MS[0]));
      }
    }),
  );
  const unfinished = await unfinishedPushes(settings.baseUrl, users);
  const started = users.reduce((sum, user) => sum + user.pushIds.length, 0);
  return { calls, errors, pushes: { started, unfinished } };
}

/** Every push started must end done: one left running, failed or unanswered is an error of the app. */
async function unfinishedPushes(baseUrl: string, users: SimulatedUser[]): Promise<string[]> {
  const unfinished: string[] = [];
  const settleBy = performance.now() + PUSH_SETTLE_MS;
  for (const user of users) {
    for (const pushId of user.pushIds) {
      for (;;) {
        const view = await fetch(`${baseUrl}/functions/v1/view-push`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${user.user.token}` },
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
  return unfinished;
}

if (process.send) {
  const send = (message: FromFunctionsClients) =>
    new Promise<void>((resolve) => process.send?.(message, () => resolve()));
  // The number of users comes as the first argument: a store each.
  const world = await startOutsideWorld(Number(process.argv[2]));
  process.on('message', (message: ToFunctionsClients) => {
    if (message.type !== 'start') return;
    void runUsers(message.settings, world.stores, world.receiver).then(async (partial) => {
      const { updates, writtenTwice } = countProductUpdates(world.stores);
      const results: FunctionsResults = {
        ...partial,
        deliveries: world.deliveries(),
        productUpdates: updates,
        productsWrittenTwice: writtenTwice,
      };
      await send({ type: 'results', results });
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
