// A small semaphore: at most `max` tasks run at once, the rest wait in arrival order.
// Used to cap in-flight requests per AI provider, so a large bundle cannot flood one account. The cap can
// move while tasks run, because the rate controller narrows it after a 429 and widens it again on success.
import { type Waiter, waitInLine } from './wait-in-line';

export class ConcurrencyLimit {
  #active = 0;
  #max: number;
  readonly #waiting: Waiter[] = [];

  constructor(max: number) {
    assertValidMax(max);
    this.#max = max;
  }

  /** Tasks allowed at once. */
  get max(): number {
    return this.#max;
  }

  /**
   * Moves the cap. A higher cap starts waiters at once; a lower one lets running tasks finish and starts no
   * new ones until fewer than `max` run.
   */
  resize(max: number): void {
    assertValidMax(max);
    this.#max = max;
    while (this.#active < this.#max && this.#waiting.length > 0) {
      this.#active++;
      this.#waiting.shift()!.start();
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
    if (this.#active < this.#max) {
      this.#active++;
      return Promise.resolve();
    }
    return waitInLine(this.#waiting, signal);
  }

  #release(): void {
    // Over a lowered cap, the slot is given up rather than passed on.
    const next = this.#active <= this.#max ? this.#waiting.shift() : undefined;
    // The slot passes straight to the next waiter, so `active` stays the same and nobody can jump the queue.
    if (next) next.start();
    else this.#active--;
  }
}

function assertValidMax(max: number): void {
  if (!Number.isInteger(max) || max < 1) {
    throw new RangeError(`A concurrency limit must be a positive whole number, not ${max}.`);
  }
}
