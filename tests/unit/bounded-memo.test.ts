import { describe, expect, it } from 'vitest';
import { boundedMemo, forgetAllMemos } from '../../src/server/leaves/memo/bounded-memo';

describe('boundedMemo', () => {
  it('forgets the oldest entry past its bound, and a set moves a key to the newest', () => {
    const memo = boundedMemo<number, string>(2);
    memo.set(1, 'a');
    memo.set(2, 'b');
    memo.set(1, 'a again');
    memo.set(3, 'c');
    expect(memo.has(2)).toBe(false);
    expect(memo.get(1)).toBe('a again');
    expect(memo.get(3)).toBe('c');
  });

  it('keeps a null value as remembered, and forgetAllMemos empties every memo', () => {
    const first = boundedMemo<number, string | null>(10);
    const second = boundedMemo<string, number>(10);
    first.set(7, null);
    second.set('run', 3);
    expect(first.has(7)).toBe(true);
    forgetAllMemos();
    expect(first.has(7)).toBe(false);
    expect(second.get('run')).toBeUndefined();
  });
});
