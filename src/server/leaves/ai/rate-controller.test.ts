import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrency-limit';
import { type Clock, parseResetDuration, RateController } from './rate-controller';

/** A clock that only moves when told to, firing due timers in order and letting promises settle between. */
function fakeClock() {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  const clock: Clock = {
    now: () => now,
    setTimer(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), callback });
      return () => timers.delete(id);
    },
  };
  return {
    clock,
    get now() {
      return now;
    },
    settle,
    async advance(ms: number) {
      const end = now + ms;
      await settle();
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= end)
          .sort(([, a], [, b]) => a.at - b.at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].callback();
        await settle();
      }
      now = end;
      await settle();
    },
  };
}

const headers = (values: Record<string, string>) => new Headers(values);

/** Starts `count` acquires and records the clock time at which each is granted. */
function acquireMany(controller: RateController, time: { readonly now: number }, count: number) {
  const grantedAt: number[] = [];
  const all = Array.from({ length: count }, () =>
    controller.acquire().then(() => {
      grantedAt.push(time.now);
    }),
  );
  return { grantedAt, all: Promise.all(all) };
}

describe('RateController', () => {
  it('does not pace at all while no answer has carried rate-limit headers', async () => {
    const time = fakeClock();
    const controller = new RateController({ limit: new ConcurrencyLimit(4), clock: time.clock });
    controller.observe(headers({ 'content-type': 'application/json' }), 500);
    const { grantedAt, all } = acquireMany(controller, time, 50);
    await all;
    expect(grantedAt).toEqual(Array(50).fill(0));
    expect(controller.stats.delayed).toBe(0);
  });

  it('spreads the remaining requests over the time until the reset', async () => {
    const time = fakeClock();
    const controller = new RateController({ limit: new ConcurrencyLimit(4), clock: time.clock });
    controller.observe(
      headers({ 'x-ratelimit-remaining-requests': '10', 'x-ratelimit-reset-requests': '1s' }),
    );
    const { grantedAt, all } = acquireMany(controller, time, 5);
    await time.advance(1_000);
    await all;
    // 10 left for 1 s: one every 100 ms.
    expect(grantedAt).toEqual([0, 100, 200, 300, 400]);
  });

  it('paces by the token budget, using the tokens calls have been taking', async () => {
    const time = fakeClock();
    const controller = new RateController({ limit: new ConcurrencyLimit(4), clock: time.clock });
    controller.observe(
      headers({
        'x-ratelimit-remaining-requests': '1000',
        'x-ratelimit-reset-requests': '10ms',
        'x-ratelimit-remaining-tokens': '2000',
        'x-ratelimit-reset-tokens': '2s',
      }),
      400,
    );
    const { grantedAt, all } = acquireMany(controller, time, 3);
    await time.advance(2_000);
    await all;
    // 2,000 tokens for 2 s at 400 a call: one call every 400 ms (the request budget barely binds).
    expect(grantedAt).toEqual([0, 400, 800]);
  });

  it('stops pacing once the reported budget would be whole again', async () => {
    const time = fakeClock();
    const controller = new RateController({ limit: new ConcurrencyLimit(4), clock: time.clock });
    controller.observe(
      headers({ 'x-ratelimit-remaining-requests': '1', 'x-ratelimit-reset-requests': '500ms' }),
    );
    await time.advance(600);
    const { grantedAt, all } = acquireMany(controller, time, 3);
    await all;
    expect(grantedAt).toEqual([600, 600, 600]);
  });

  it('lets a waiting request go sooner when a fresher answer reports more budget', async () => {
    const time = fakeClock();
    const controller = new RateController({ limit: new ConcurrencyLimit(4), clock: time.clock });
    controller.observe(
      headers({ 'x-ratelimit-remaining-requests': '2', 'x-ratelimit-reset-requests': '2s' }),
    );
    const { grantedAt, all } = acquireMany(controller, time, 2);
    await time.advance(100);
    expect(grantedAt).toEqual([0]);
    controller.observe(
      headers({ 'x-ratelimit-remaining-requests': '50', 'x-ratelimit-reset-requests': '100ms' }),
    );
    // The second permit was due at 1 s; at 50 left for 100 ms it may go 2 ms after the first.
    await time.advance(1);
    await all;
    expect(grantedAt).toEqual([0, 100]);
  });

  it('holds every request to the provider for the advised time after a 429, and halves the cap once', async () => {
    const time = fakeClock();
    const limit = new ConcurrencyLimit(16);
    const controller = new RateController({ limit, clock: time.clock });
    controller.onRateLimited(2_000);
    // A second 429 from the same burst does not halve the cap again.
    controller.onRateLimited(2_000);
    expect(limit.max).toBe(8);
    expect(controller.stats).toMatchObject({ rateLimited: 2, decreases: 1, concurrency: 8 });

    const { grantedAt, all } = acquireMany(controller, time, 3);
    await time.advance(1_999);
    expect(grantedAt).toEqual([]);
    await time.advance(1);
    await all;
    expect(grantedAt).toEqual([2_000, 2_000, 2_000]);

    // Later overload halves again.
    await time.advance(5_000);
    controller.onRateLimited();
    expect(limit.max).toBe(4);
  });

  it('raises the cap by one after a full window of successes, up to the ceiling', () => {
    const limit = new ConcurrencyLimit(8);
    const controller = new RateController({ limit, maxConcurrency: 8, clock: fakeClock().clock });
    controller.onRateLimited();
    expect(limit.max).toBe(4);
    for (let i = 0; i < 3; i++) controller.onSuccess();
    expect(limit.max).toBe(4);
    controller.onSuccess();
    expect(limit.max).toBe(5);
    for (let i = 0; i < 100; i++) controller.onSuccess();
    expect(limit.max).toBe(8);
  });

  it('never halves the cap below one', () => {
    const time = fakeClock();
    const limit = new ConcurrencyLimit(1);
    const controller = new RateController({ limit, clock: time.clock });
    controller.onRateLimited(10);
    expect(limit.max).toBe(1);
  });

  it('drops a waiting request when its signal aborts', async () => {
    const time = fakeClock();
    const controller = new RateController({ limit: new ConcurrencyLimit(4), clock: time.clock });
    controller.onRateLimited(1_000);
    const abort = new AbortController();
    const waiting = controller.acquire(abort.signal);
    expect(controller.pending).toBe(1);
    abort.abort(new Error('run cancelled'));
    await expect(waiting).rejects.toThrow('run cancelled');
    expect(controller.pending).toBe(0);
  });

  it('keeps a simulated 3,000 RPM token bucket busy without a single 429', async () => {
    const time = fakeClock();
    // OpenAI's bucket: refills at 50 a second; this one holds one second's worth (a quantized limit).
    const ratePerMs = 3_000 / 60_000;
    const capacity = 50;
    let level = capacity;
    let updatedAt = 0;
    const refill = () => {
      level = Math.min(capacity, level + (time.now - updatedAt) * ratePerMs);
      updatedAt = time.now;
    };
    const answerHeaders = () => {
      refill();
      return headers({
        'x-ratelimit-remaining-requests': String(Math.floor(level)),
        'x-ratelimit-reset-requests': `${Math.ceil((capacity - level) / ratePerMs)}ms`,
      });
    };

    const limit = new ConcurrencyLimit(32);
    const controller = new RateController({ limit, clock: time.clock });
    let admitted = 0;
    let refused = 0;
    let isRunning = true;
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const call = () =>
      controller.run(async () => {
        refill();
        if (level < 1) {
          refused++;
          controller.observe(answerHeaders());
          controller.onRateLimited(Math.ceil((1 - level) / ratePerMs));
          return;
        }
        level -= 1;
        admitted++;
        // Answers take 300 ± 100 ms, so they come back out of order.
        await new Promise<void>((resolve) => time.clock.setTimer(resolve, 200 + random() * 200));
        controller.observe(answerHeaders());
        controller.onSuccess();
      });
    const callers = Array.from({ length: 40 }, async () => {
      while (isRunning) await call();
    });

    await time.advance(10_000);
    const warmAdmitted = admitted;
    await time.advance(60_000);
    const perMinute = admitted - warmAdmitted;
    isRunning = false;
    await time.advance(5_000);
    await Promise.all(callers);

    expect(refused).toBe(0);
    expect(perMinute).toBeGreaterThanOrEqual(0.97 * 3_000);
    expect(perMinute).toBeLessThanOrEqual(3_000 + capacity);
  });
});

describe('parseResetDuration', () => {
  it('reads the durations OpenAI sends', () => {
    expect(parseResetDuration('20ms')).toBe(20);
    expect(parseResetDuration('1.2s')).toBe(1_200);
    expect(parseResetDuration('6m0s')).toBe(360_000);
    expect(parseResetDuration('1h2m3.5s')).toBe(3_723_500);
    expect(parseResetDuration('2')).toBe(2_000);
    expect(parseResetDuration('0s')).toBe(0);
  });

  it('ignores anything else', () => {
    expect(parseResetDuration(null)).toBeUndefined();
    expect(parseResetDuration('')).toBeUndefined();
    expect(parseResetDuration('soon')).toBeUndefined();
    expect(parseResetDuration('1.2 s')).toBeUndefined();
  });
});
