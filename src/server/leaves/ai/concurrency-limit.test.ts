import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrency-limit';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyLimit', () => {
  it('rejects a limit that is not a positive whole number', () => {
    expect(() => new ConcurrencyLimit(0)).toThrow(RangeError);
    expect(() => new ConcurrencyLimit(1.5)).toThrow(RangeError);
  });

  it('never runs more than `max` tasks at once and starts waiters in arrival order', async () => {
    const limit = new ConcurrencyLimit(2);
    const gates = Array.from({ length: 5 }, () => deferred());
    const started: number[] = [];
    let running = 0;
    let maxRunning = 0;
    const results = gates.map((gate, index) =>
      limit.run(async () => {
        started.push(index);
        running++;
        maxRunning = Math.max(maxRunning, running);
        await gate.promise;
        running--;
        return index;
      }),
    );

    await tick();
    expect(started).toEqual([0, 1]);
    expect(limit.active).toBe(2);
    expect(limit.pending).toBe(3);

    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);

    for (const gate of gates) gate.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(maxRunning).toBe(2);
    expect(limit.active).toBe(0);
    expect(limit.pending).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const limit = new ConcurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(limit.active).toBe(0);
    await expect(limit.run(async () => 'next')).resolves.toBe('next');
  });

  it('drops a waiting task when its signal aborts, without running it', async () => {
    const limit = new ConcurrencyLimit(1);
    const gate = deferred();
    const first = limit.run(() => gate.promise);
    const controller = new AbortController();
    let hasRun = false;
    const second = limit.run(async () => {
      hasRun = true;
    }, controller.signal);
    await tick();
    expect(limit.pending).toBe(1);

    controller.abort(new Error('stopped'));
    await expect(second).rejects.toThrow('stopped');
    expect(limit.pending).toBe(0);

    gate.resolve();
    await first;
    expect(hasRun).toBe(false);
    expect(limit.active).toBe(0);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const limit = new ConcurrencyLimit(1);
    await expect(limit.run(async () => 1, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(limit.active).toBe(0);
  });

  it('starts waiters when the cap grows and runs no new task over a lowered cap', async () => {
    const limit = new ConcurrencyLimit(2);
    const gates = Array.from({ length: 6 }, () => deferred());
    const started: number[] = [];
    const results = gates.map((gate, index) =>
      limit.run(async () => {
        started.push(index);
        await gate.promise;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);

    limit.resize(4);
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);

    // Down to 1: three of the four running tasks must finish before the next one starts.
    limit.resize(1);
    gates[0]!.resolve();
    gates[1]!.resolve();
    gates[2]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(limit.active).toBe(1);
    gates[3]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(limit.active).toBe(1);

    expect(() => limit.resize(0)).toThrow(RangeError);
    for (const gate of gates) gate.resolve();
    await Promise.all(results);
    expect(limit.active).toBe(0);
  });
});
