// Paces one provider's requests from its rate-limit headers, so a big run stays just under the account's limit
// instead of bursting into 429s and backing off. One controller per provider per process (WriterRegistry
// owns it), shared by every workflow, because the provider counts the account's requests, not a workflow's.
//
// Pacing: each answer says how much budget is left (`x-ratelimit-remaining-requests/-tokens`) and when it is
// whole again (`x-ratelimit-reset-requests/-tokens`). Permits are spread so that the remaining budget lasts
// until the reset. Against OpenAI's token bucket this settles at the refill rate, that is at the limit, with
// about half the bucket held back for jitter. A 429 pauses the whole provider for the advised wait, and
// concurrency adapts by AIMD: halved on a 429, raised by one after a full window of successes.
// An answer without rate-limit headers leaves nothing to pace by, so requests go out as they come, as before.
import type { ConcurrencyLimit } from './concurrency-limit';
import { type Waiter, waitInLine } from './wait-in-line';

/** Time and timers, injected so tests can drive the controller with a fake clock. */
export type Clock = {
  now(): number;
  /** Calls `callback` after `ms`; the returned function cancels it. */
  setTimer(callback: () => void, ms: number): () => void;
};

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
};

type HeaderSource = { get(name: string): string | null } | undefined;

/** What is left of one limit, as last reported, and when it is whole again. */
type Budget = { remaining: number; resetAt: number };

export type RateControllerOptions = {
  /** The provider's shared in-flight cap, which AIMD moves between 1 and `maxConcurrency`. */
  limit: ConcurrencyLimit;
  /** The ceiling for additive increase; defaults to the limit's cap when the controller is made. */
  maxConcurrency?: number;
  clock?: Clock;
};

export type RateControllerStats = {
  /** Requests that waited for a permit or a pause. */
  delayed: number;
  /** Total time requests spent waiting for permits, in ms. */
  waitedMs: number;
  /** Rate-limited (429) answers seen. */
  rateLimited: number;
  /** Times AIMD halved the cap. */
  decreases: number;
  /** The in-flight cap now. */
  concurrency: number;
};

// Tokens per call are learned from usage; a new call weighs this much, so a repair's bigger prompt moves the
// estimate a little without losing the typical call.
const TOKENS_EWMA_WEIGHT = 0.1;
// 429s that arrive together stem from one overload; the cap is halved once for them, not once each.
const DECREASE_COOLDOWN_MS = 1_000;
// A permit running late (timers fire a millisecond or two late) may catch up by this share of an interval.
const CATCH_UP_SHARE = 0.5;

export class RateController {
  readonly #limit: ConcurrencyLimit;
  readonly #ceiling: number;
  readonly #clock: Clock;
  readonly #waiting: Waiter[] = [];
  #requests: Budget | undefined;
  #tokens: Budget | undefined;
  #tokensPerCall = 0;
  #nextPermitAt = Number.NEGATIVE_INFINITY;
  #lastPermitAt = Number.NEGATIVE_INFINITY;
  #pausedUntil = Number.NEGATIVE_INFINITY;
  #decreaseBlockedUntil = Number.NEGATIVE_INFINITY;
  #successesAtCap = 0;
  #cancelTimer: (() => void) | undefined;
  readonly #stats = { delayed: 0, waitedMs: 0, rateLimited: 0, decreases: 0 };

  constructor({ limit, maxConcurrency, clock = systemClock }: RateControllerOptions) {
    this.#limit = limit;
    this.#ceiling = Math.max(1, maxConcurrency ?? limit.max);
    this.#clock = clock;
  }

  get stats(): RateControllerStats {
    return { ...this.#stats, concurrency: this.#limit.max };
  }

  /** Requests waiting for a permit (not counting those waiting for a concurrency slot). */
  get pending(): number {
    return this.#waiting.length;
  }

  /**
   * Runs one provider call: a concurrency slot first, then a permit, then the call. The permit is taken inside
   * the slot so that permits never pile up behind busy slots and leave in a burst.
   */
  run<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.#limit.run(async () => {
      await this.acquire(signal);
      return call();
    }, signal);
  }

  /** Resolves when the next request may be sent. Aborting `signal` while waiting rejects with its reason. */
  acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    const now = this.#clock.now();
    if (this.#waiting.length === 0 && now >= this.#openAt()) {
      this.#grant(now);
      return Promise.resolve();
    }
    this.#stats.delayed++;
    const waiting = waitInLine(this.#waiting, signal, () => {
      this.#stats.waitedMs += this.#clock.now() - now;
    });
    this.#pump();
    return waiting;
  }

  /**
   * Reads an answer's rate-limit headers (any status). `tokensUsed` is the call's total tokens from its usage,
   * which is what a call is expected to take from the token budget.
   */
  observe(headers: HeaderSource, tokensUsed?: number): void {
    const now = this.#clock.now();
    this.#requests = readBudget(headers, 'requests', now) ?? this.#requests;
    this.#tokens = readBudget(headers, 'tokens', now) ?? this.#tokens;
    if (tokensUsed !== undefined && tokensUsed > 0) {
      this.#tokensPerCall =
        this.#tokensPerCall === 0
          ? tokensUsed
          : this.#tokensPerCall + (tokensUsed - this.#tokensPerCall) * TOKENS_EWMA_WEIGHT;
    }
    // A fuller budget lets a waiting request go sooner than the pace set by an older answer.
    if (this.#waiting.length > 0) {
      this.#nextPermitAt = Math.min(this.#nextPermitAt, this.#lastPermitAt + this.#intervalMs(now));
      this.#pump();
    }
  }

  /** A call succeeded: after a window's worth of successes at the current cap, allow one more in flight. */
  onSuccess(): void {
    if (this.#limit.max >= this.#ceiling) return;
    this.#successesAtCap++;
    if (this.#successesAtCap >= this.#limit.max) {
      this.#successesAtCap = 0;
      this.#limit.resize(this.#limit.max + 1);
    }
  }

  /**
   * A 429 for the rate limit (not insufficient_quota): every request to the provider waits out the advised
   * time, not just the one that was refused, and the in-flight cap is halved.
   */
  onRateLimited(retryAfterMs?: number): void {
    const now = this.#clock.now();
    this.#stats.rateLimited++;
    if (retryAfterMs !== undefined && retryAfterMs > 0) {
      this.#pausedUntil = Math.max(this.#pausedUntil, now + retryAfterMs);
    }
    if (now >= this.#decreaseBlockedUntil) {
      this.#decreaseBlockedUntil = now + Math.max(0, retryAfterMs ?? 0) + DECREASE_COOLDOWN_MS;
      this.#successesAtCap = 0;
      const halved = Math.max(1, Math.floor(this.#limit.max / 2));
      if (halved < this.#limit.max) {
        this.#limit.resize(halved);
        this.#stats.decreases++;
      }
    }
    if (this.#waiting.length > 0) this.#pump();
  }

  #openAt(): number {
    return Math.max(this.#pausedUntil, this.#nextPermitAt);
  }

  /** The gap to keep before the next permit, so each budget's remainder lasts until its reset. */
  #intervalMs(now: number): number {
    let interval = 0;
    const budgets: Array<[Budget | undefined, number]> = [
      [this.#requests, 1],
      [this.#tokens, this.#tokensPerCall],
    ];
    for (const [budget, cost] of budgets) {
      if (!budget || cost <= 0) continue;
      const untilReset = budget.resetAt - now;
      // The budget has been whole again since it was reported: nothing to pace by until the next answer.
      if (untilReset <= 0) continue;
      interval = Math.max(interval, (untilReset * cost) / Math.max(budget.remaining, cost));
    }
    return interval;
  }

  #grant(now: number): void {
    const interval = this.#intervalMs(now);
    // A permit running a little late keeps its schedule; after an idle spell the schedule starts afresh.
    const isCatchingUp = now - this.#nextPermitAt <= interval * CATCH_UP_SHARE;
    this.#nextPermitAt = (isCatchingUp ? this.#nextPermitAt : now) + interval;
    this.#lastPermitAt = now;
    // Until the next answer reports it, count this request against what is left.
    if (this.#requests) this.#requests.remaining = Math.max(0, this.#requests.remaining - 1);
    if (this.#tokens) this.#tokens.remaining = Math.max(0, this.#tokens.remaining - this.#tokensPerCall);
  }

  #pump(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
    while (this.#waiting.length > 0) {
      const now = this.#clock.now();
      const openAt = this.#openAt();
      if (now < openAt) {
        this.#cancelTimer = this.#clock.setTimer(() => {
          this.#cancelTimer = undefined;
          this.#pump();
        }, openAt - now);
        return;
      }
      this.#grant(now);
      this.#waiting.shift()!.start();
    }
  }
}

function readBudget(headers: HeaderSource, kind: 'requests' | 'tokens', now: number): Budget | undefined {
  const remaining = Number.parseFloat(headers?.get(`x-ratelimit-remaining-${kind}`) ?? '');
  const resetMs = parseResetDuration(headers?.get(`x-ratelimit-reset-${kind}`));
  if (!Number.isFinite(remaining) || remaining < 0 || resetMs === undefined) return undefined;
  return { remaining, resetAt: now + resetMs };
}

/**
 * OpenAI's reset durations, as Go prints them: "20ms", "1.2s", "6m0s", "1h2m3.5s". A bare number is seconds.
 * Undefined when the text is none of these.
 */
export function parseResetDuration(text: string | null | undefined): number | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  if (!/^(\d+(\.\d+)?(ms|us|µs|ns|h|m|s))+$/.test(value)) return undefined;
  const unitMs: Record<string, number> = {
    h: 3_600_000,
    m: 60_000,
    s: 1_000,
    ms: 1,
    us: 1e-3,
    µs: 1e-3,
    ns: 1e-6,
  };
  let total = 0;
  for (const [, amount, , unit] of value.matchAll(/(\d+(\.\d+)?)(ms|us|µs|ns|h|m|s)/g)) {
    total += Number(amount) * unitMs[unit!]!;
  }
  return total;
}
