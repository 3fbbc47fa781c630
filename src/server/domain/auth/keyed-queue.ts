// Work queued per key in this process: one piece of work per key at a time, and at most `limit` in all. The
// attempt counter runs its statements through it so that a burst of guesses at one account waits here, in
// memory, rather than in PostgreSQL on the row's lock with a pooled connection held: a burst then occupies one
// connection per process, and all the counting together never more than `limit`.
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<void>>();
  readonly #waiting: (() => void)[] = [];
  #running = 0;

  constructor(readonly limit: number) {}

  /** Runs `work` once the work queued before it on `key` has settled and a slot is free. */
  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(key) ?? Promise.resolve();
    const result = before.then(() => this.#inSlot(work));
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  async #inSlot<T>(work: () => Promise<T>): Promise<T> {
    // A slot is handed straight from the work that ends to the longest waiting, so none is taken twice.
    if (this.#running < this.limit) this.#running += 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
