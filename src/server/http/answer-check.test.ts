// The server's own check of its answers: outside production every item, in production a bounded
// sample of long lists, and in both a mismatch never leaves as an answer.
import { describe, expect, it } from 'vitest';
import { createLogger } from '../leaves/logger/logger';
import { checkAnswer, SAMPLED_ITEMS, sampleForCheck } from './answer-check';

function capture() {
  const lines: string[] = [];
  const log = createLogger({ level: 'error', destination: { write: (line: string) => lines.push(line) } });
  return { log, lines };
}

const summary = (id: number) => ({
  id,
  name: `Bundle ${id}`,
  progress: 100,
  workflows: [
    { bundle_workflow_id: id, workflow_id: 4, progress: 100, created_at: '2026-11-26T17:00:00.000Z' },
  ],
});

describe('sampleForCheck', () => {
  it('cuts long lists to a spread sample with the first and last items, at any depth', () => {
    const bundles = Array.from({ length: 1_000 }, (_, i) => summary(i + 1));
    const sampled = sampleForCheck({ bundles, nested: { items: bundles } }) as {
      bundles: { id: number }[];
      nested: { items: { id: number }[] };
    };
    expect(sampled.bundles).toHaveLength(SAMPLED_ITEMS);
    expect(sampled.bundles[0]!.id).toBe(1);
    expect(sampled.bundles.at(-1)!.id).toBe(1_000);
    expect(new Set(sampled.bundles.map((b) => b.id)).size).toBe(SAMPLED_ITEMS);
    expect(sampled.nested.items).toHaveLength(SAMPLED_ITEMS);
  });

  it('leaves an answer without long lists as it is', () => {
    const answer = { bundles: [summary(1), summary(2)], cursor: '1.2' };
    expect(sampleForCheck(answer)).toBe(answer);
  });
});

describe('checkAnswer', () => {
  const broken = { bundles: [{ ...summary(1), id: '1' }] };

  it('outside production a mismatch is a 500 naming the field', () => {
    const { log } = capture();
    expect(() => checkAnswer('list-bundles', broken, false, log)).toThrow(/bundles\.0\.id/);
    expect(() => checkAnswer('list-bundles', { bundles: [summary(1)] }, false, log)).not.toThrow();
  });

  it('in production a mismatch is a generic 500, logged once per function', () => {
    const { log, lines } = capture();
    for (let i = 0; i < 3; i++) {
      expect(() => checkAnswer('list-workflows', { workflows: 'none' }, true, log)).toThrow(
        'Something went wrong on our side.',
      );
    }
    expect(lines.filter((line) => line.includes('list-workflows'))).toHaveLength(1);
  });

  it('in production a long list with a broken row (as every row of it would be) is still refused', () => {
    const { log } = capture();
    const bundles = Array.from({ length: 5_000 }, (_, i) => ({ ...summary(i + 1), id: String(i + 1) }));
    expect(() => checkAnswer('list-bundles', { bundles }, true, log)).toThrow(
      'Something went wrong on our side.',
    );
    const good = Array.from({ length: 5_000 }, (_, i) => summary(i + 1));
    expect(() => checkAnswer('list-bundles', { bundles: good }, true, log)).not.toThrow();
  });
});
