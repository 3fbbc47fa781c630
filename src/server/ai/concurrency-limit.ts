// A small semaphore: at most `max` tasks run at once, the rest wait in arrival order.
// Used to cap in-flight requests per AI provider, so a large bundle cannot flood one account.

type Waiter = { start: () => void; cancel: (reason: unknown) => void };

export class ConcurrencyLimit {
  #active = 0;
  readonly #waiting: Waiter[] = [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) {
      throw new RangeError(`A concurrency limit must be a positive whole number, not ${max}.`);
    }
  }

  /** Tasks running now. */
  get active(): number {
    return this.#active;
  }

  /** Tasks waiting for a slot. */
  get pending(): number {
    return this.#waiting.length;
  }

  /**
   * Runs `task` once a slot is free. Aborting `signal` while the task still waits removes it from the queue
   * and rejects with the signal's reason; a task that already started is left to settle by itself.
   */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.#acquire(signal);
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  #acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.#active < this.max) {
      this.#active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => waiter.cancel(signal?.reason);
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        cancel: (reason) => {
          const index = this.#waiting.indexOf(waiter);
          if (index !== -1) this.#waiting.splice(index, 1);
          reject(reason);
        },
      };
      this.#waiting.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  #release(): void {
    const next = this.#waiting.shift();
    // The slot passes straight to the next waiter, so `active` stays the same and nobody can jump the queue.
    if (next) next.start();
    else this.#active--;
  }
}
