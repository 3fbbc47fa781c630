// The users of bench/load.ts, in a process of their own: their browsers are not in the app's process, and
// clients sharing its event loop would both slow the app and time their requests by its backlog. Started by
// bench/load.ts over IPC; not a bench itself (bench/run.ts skips support*.ts).
//
// Messages in:  { type: 'start', settings }  then  { type: 'measure' }  then  { type: 'stop' }.
// Messages out: { type: 'loaded' } once every user's page has loaded, and { type: 'results', results }.

export type LoadUser = { index: number; token: string; bundleId: number };

export type LoadClientSettings = {
  baseUrl: string;
  users: LoadUser[];
  workflowId: number;
  pollIntervalMs: number;
  jobLoopIntervalMs: number;
  jobLoopExitAfterSeconds: number;
};

export type Poll = { ms: number; status: number; user: number };

export type LoadClientResults = {
  pageLoads: Poll[];
  polls: Poll[];
  errors: string[];
  jobLoops: { calls: number; ran: number; alreadyRunning: number };
};

export type ToClients =
  | { type: 'start'; settings: LoadClientSettings }
  | { type: 'measure' }
  | { type: 'stop' };
export type FromClients = { type: 'loaded' } | { type: 'results'; results: LoadClientResults };

function runClients(settings: LoadClientSettings) {
  const results: LoadClientResults = {
    pageLoads: [],
    polls: [],
    errors: [],
    jobLoops: { calls: 0, ran: 0, alreadyRunning: 0 },
  };
  let isMeasuring = false;
  let isRunning = true;
  let pagesLoaded = 0;

  const post = (user: LoadUser, name: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${settings.baseUrl}/functions/v1/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, ...headers },
      body: JSON.stringify(body),
    });
  const describeFailure = (what: string, error: unknown) => {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return `${what}: ${String(error)}${cause ? ` (${cause.code ?? cause.message})` : ''}`;
  };

  // As the web client (src/web/api/bundle-run.ts) polls: the first read takes the first page, every poll after
  // it sends the last answer's cursor as `since` and its ETag as If-None-Match, and merges the changed products
  // it gets back into what it holds, by id.
  const etags = new Map<number, string>();
  const cursors = new Map<number, string>();
  const held = new Map<number, Map<number, unknown>>();
  const poll = async (user: LoadUser, into: Poll[]) => {
    const started = performance.now();
    try {
      const etag = etags.get(user.index);
      const since = cursors.get(user.index);
      const response = await post(
        user,
        'view-bundle-workflow',
        { bundle_id: user.bundleId, workflow_id: settings.workflowId, ...(since ? { since } : {}) },
        etag ? { 'if-none-match': etag } : {},
      );
      // Read the whole body: a poll is not done until the browser has it.
      const text = await response.text();
      if (response.status === 200) {
        const answer = JSON.parse(text) as { cursor: string; products: { id: number }[] };
        const products = held.get(user.index) ?? new Map<number, unknown>();
        for (const product of answer.products) products.set(product.id, product);
        held.set(user.index, products);
        cursors.set(user.index, answer.cursor);
      }
      const ms = performance.now() - started;
      if (response.status !== 200 && response.status !== 304) {
        results.errors.push(`view-bundle-workflow ${response.status}`);
        return;
      }
      const answered = response.headers.get('etag');
      if (answered) etags.set(user.index, answered);
      into.push({ ms, status: response.status, user: user.index });
    } catch (error) {
      results.errors.push(describeFailure('view-bundle-workflow', error));
    }
  };
  /** The pages after the first, which the web client reads once behind the first (2,000 products a page). */
  const loadRest = async (user: LoadUser) => {
    for (let offset = 500; ; offset += 2_000) {
      try {
        const response = await post(user, 'view-bundle-workflow', {
          bundle_id: user.bundleId,
          workflow_id: settings.workflowId,
          offset,
          limit: 2_000,
        });
        const page = (await response.json()) as { next_offset: number | null; products: { id: number }[] };
        const products = held.get(user.index) ?? new Map<number, unknown>();
        for (const product of page.products) if (!products.has(product.id)) products.set(product.id, product);
        held.set(user.index, products);
        if (page.next_offset === null) return;
      } catch (error) {
        results.errors.push(describeFailure('view-bundle-workflow page', error));
        return;
      }
    }
  };
  const callJobLoop = async (user: LoadUser) => {
    results.jobLoops.calls += 1;
    try {
      const response = await post(user, 'job-queue-event-loop', {
        exit_after_seconds: settings.jobLoopExitAfterSeconds,
      });
      const body = (await response.json()) as { error?: { type?: string } };
      if (response.status === 200) results.jobLoops.ran += 1;
      // One loop runs at a time; the web client takes already_running as the loop being alive.
      else if (body.error?.type === 'already_running') results.jobLoops.alreadyRunning += 1;
      else results.errors.push(`job-queue-event-loop ${response.status} ${JSON.stringify(body)}`);
    } catch (error) {
      results.errors.push(describeFailure('job-queue-event-loop', error));
    }
  };

  // Each user opens the page at a different moment of one poll interval (people do not click in step), which
  // loads the whole run once, then polls on the interval; the job loop is called on load and every 30 s.
  const startedAt = performance.now();
  const loops = settings.users.map(async (user, i) => {
    const offset = (i / settings.users.length) * settings.pollIntervalMs;
    await sleep(offset, () => !isRunning);
    const jobLoop = (async () => {
      while (isRunning) {
        const started = performance.now();
        await callJobLoop(user);
        await sleep(settings.jobLoopIntervalMs - (performance.now() - started), () => !isRunning);
      }
    })();
    await poll(user, results.pageLoads);
    await loadRest(user);
    pagesLoaded += 1;
    if (pagesLoaded === settings.users.length) send({ type: 'loaded' });
    const unmeasured: Poll[] = [];
    for (let tick = 1; isRunning; tick++) {
      // Polls run on the interval's clock, as a refetch interval does, not one interval after the last.
      await sleep(startedAt + offset + tick * settings.pollIntervalMs - performance.now(), () => !isRunning);
      if (!isRunning) break;
      await poll(user, isMeasuring ? results.polls : unmeasured);
    }
    await jobLoop;
  });

  return {
    measure: () => {
      isMeasuring = true;
    },
    stop: async () => {
      isMeasuring = false;
      isRunning = false;
      await Promise.all(loops);
      return results;
    },
  };
}

/** Waits `ms`, or less if `isCancelled` turns true (checked every 100 ms). */
async function sleep(ms: number, isCancelled: () => boolean): Promise<void> {
  const until = performance.now() + ms;
  while (performance.now() < until && !isCancelled()) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, until - performance.now())));
  }
}

function send(message: FromClients) {
  process.send?.(message);
}

if (process.send) {
  let clients: ReturnType<typeof runClients> | undefined;
  process.on('message', (message: ToClients) => {
    if (message.type === 'start') clients = runClients(message.settings);
    else if (message.type === 'measure') clients?.measure();
    else if (message.type === 'stop') {
      void clients?.stop().then((results) => {
        process.send?.({ type: 'results', results } satisfies FromClients, () => process.disconnect());
      });
    }
  });
  // The bench going away ends the clients too.
  process.on('disconnect', () => process.exit(0));
}
