import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('KeyedQueue', () => {
  it('runs one piece of work per key at a time, in order, and at most `limit` in all', async () => {
    const queue = new KeyedQueue(2);
    let running = 0;
    let most = 0;
    const perKey = new Map<string, number>();
    const order: string[] = [];
    const work = (key: string, i: number) => async () => {
      running += 1;
      perKey.set(key, (perKey.get(key) ?? 0) + 1);
      most = Math.max(most, running);
      expect(perKey.get(key)).toBe(1);
      await tick();
      order.push(`${key}${i}`);
      perKey.set(key, perKey.get(key)! - 1);
      running -= 1;
      return i;
    };
    const results = await Promise.all(
      ['a', 'b', 'c'].flatMap((key) => [0, 1, 2].map((i) => queue.run(key, work(key, i)))),
    );
    expect(results).toEqual([0, 1, 2, 0, 1, 2, 0, 1, 2]);
    expect(most).toBe(2);
    for (const key of ['a', 'b', 'c']) {
      expect(order.filter((o) => o.startsWith(key))).toEqual([`${key}0`, `${key}1`, `${key}2`]);
    }
  });

  it('goes on after a failure, which reaches only its own caller', async () => {
    const queue = new KeyedQueue(1);
    const failed = queue.run('a', async () => {
      throw new Error('no');
    });
    const next = queue.run('a', async () => 'yes');
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('yes');
  });
});
