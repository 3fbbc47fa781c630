import { describe, expect, it } from 'vitest';
import { wordDiff } from './word-diff';

describe('wordDiff', () => {
  it('marks a changed word as one removal and one addition, keeping the rest', () => {
    expect(wordDiff('Soft linen cushion cover', 'Soft wool cushion cover')).toEqual([
      { kind: 'same', text: 'Soft ' },
      { kind: 'removed', text: 'linen' },
      { kind: 'added', text: 'wool' },
      { kind: 'same', text: ' cushion cover' },
    ]);
  });

  it('rebuilds both texts from its parts', () => {
    const before = 'A warm wool throw for cold evenings.';
    const after = 'A light, warm throw for summer evenings by the sea.';
    const parts = wordDiff(before, after);
    const side = (kind: 'added' | 'removed') =>
      parts
        .filter((part) => part.kind !== kind)
        .map((part) => part.text)
        .join('');
    expect(side('added')).toBe(before);
    expect(side('removed')).toBe(after);
  });

  it('reads changed words held apart only by spaces as one change', () => {
    expect(wordDiff('My own desk lamp title', 'Arc Desk Lamp in Black')).toEqual([
      { kind: 'removed', text: 'My own desk lamp title' },
      { kind: 'added', text: 'Arc Desk Lamp in Black' },
    ]);
    expect(wordDiff('A warm wool throw', 'A light cotton throw')).toEqual([
      { kind: 'same', text: 'A ' },
      { kind: 'removed', text: 'warm wool' },
      { kind: 'added', text: 'light cotton' },
      { kind: 'same', text: ' throw' },
    ]);
  });

  it('handles empty texts and identical texts', () => {
    expect(wordDiff('', 'New title')).toEqual([{ kind: 'added', text: 'New title' }]);
    expect(wordDiff('Old title', '')).toEqual([{ kind: 'removed', text: 'Old title' }]);
    expect(wordDiff('Same', 'Same')).toEqual([{ kind: 'same', text: 'Same' }]);
  });
});

describe('wordDiff: words keep their punctuation', () => {
  it('reads a new heading with a comma as one change, not split at a shared comma', () => {
    expect(wordDiff('Arc Desk Lamp, in Black', 'My heading, typed here')).toEqual([
      { kind: 'removed', text: 'Arc Desk Lamp, in Black' },
      { kind: 'added', text: 'My heading, typed here' },
    ]);
  });
});
