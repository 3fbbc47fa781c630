// Cutting a run's lines into batches: OpenAI's per-file limits (50,000 requests, 200 MB) and the spending cap.
import { describe, expect, it } from 'vitest';
import { type BatchLine, MAX_BYTES_PER_BATCH, MAX_LINES_PER_BATCH, splitIntoBatches } from './batch-lines';
import { nextPollDelayMs } from './poll-batch';

const line = (id: number, bytes = 100, worstCaseCost = 0.001): BatchLine => ({
  bundleWorkflowProductId: id,
  json: '{}',
  bytes,
  worstCaseCost,
});

describe('splitIntoBatches', () => {
  it('starts a new batch at 50,000 requests', () => {
    const lines = Array.from({ length: MAX_LINES_PER_BATCH + 2 }, (_, i) => line(i + 1, 10, 0));
    const { batches, left } = splitIntoBatches(lines, null);
    expect(batches.map((batch) => batch.length)).toEqual([MAX_LINES_PER_BATCH, 2]);
    expect(left).toEqual([]);
  });

  it('starts a new batch before a file would pass 200 MB', () => {
    const big = Math.floor(MAX_BYTES_PER_BATCH / 3) + 1;
    const { batches } = splitIntoBatches([line(1, big), line(2, big), line(3, big), line(4, big)], null);
    expect(batches.map((batch) => batch.map((l) => l.bundleWorkflowProductId))).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('takes lines only while their worst case fits the budget, and returns the rest', () => {
    const lines = [line(1, 100, 0.4), line(2, 100, 0.4), line(3, 100, 0.4)];
    const { batches, left } = splitIntoBatches(lines, 1);
    expect(batches).toEqual([[lines[0], lines[1]]]);
    expect(left).toEqual([lines[2]]);
    expect(splitIntoBatches(lines, 0.1)).toEqual({ batches: [], left: lines });
  });
});

describe('nextPollDelayMs', () => {
  it('polls a young batch every 2 s, an older one at a tenth of its age, at most every 5 minutes', () => {
    const now = Date.now();
    expect(nextPollDelayMs(null, now)).toBe(2_000);
    expect(nextPollDelayMs(new Date(now - 5_000), now)).toBe(2_000);
    expect(nextPollDelayMs(new Date(now - 600_000), now)).toBe(60_000);
    expect(nextPollDelayMs(new Date(now - 86_400_000), now)).toBe(300_000);
  });
});
