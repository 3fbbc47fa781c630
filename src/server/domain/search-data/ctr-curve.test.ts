import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AWR_DESKTOP_CURVE, expectedCtr, missedClicks, parseCtrCurve } from './ctr-curve';

describe('expected CTR', () => {
  it('reads the AWR table at whole positions and interpolates between them', () => {
    expect(expectedCtr(AWR_DESKTOP_CURVE, 1)).toBe(0.3377);
    expect(expectedCtr(AWR_DESKTOP_CURVE, 0.6)).toBe(0.3377);
    expect(expectedCtr(AWR_DESKTOP_CURVE, 3.5)).toBeCloseTo((0.0694 + 0.048) / 2, 12);
    expect(expectedCtr(AWR_DESKTOP_CURVE, 57)).toBe(0.0038);
  });

  it('counts missed clicks only below the curve', () => {
    // The example: position 3, 40,000 impressions, 0.8% CTR.
    expect(missedClicks(AWR_DESKTOP_CURVE, { impressions: 40_000, ctr: 0.008, position: 3 })).toBeCloseTo(
      2456,
      8,
    );
    expect(missedClicks(AWR_DESKTOP_CURVE, { impressions: 500, ctr: 0.5, position: 9 })).toBe(0);
  });
});

describe('parseCtrCurve', () => {
  it('takes "position, CTR" lines with tabs, semicolons or spaces, percent or fraction, sorted', () => {
    expect(parseCtrCurve('Position\tCTR\n2\t15%\n1; 0.3\n3 7,5%').points).toEqual([
      [1, 0.3],
      [2, 0.15],
      [3, 0.075],
    ]);
  });
  it('names the bad line', () => {
    expect(() => parseCtrCurve('1\t30%\n2\tmany')).toThrow(/line 2/);
    expect(() => parseCtrCurve('1\t30%')).toThrow(/at least two/);
    expect(() => parseCtrCurve('1\t30%\n1\t20%')).toThrow(/twice/);
  });
});

describe('docs/ctr-curve.md', () => {
  it('documents exactly the default curve the code uses', () => {
    const doc = readFileSync(new URL('../../../../docs/ctr-curve.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| (\d+) \| ([\d.]+)% \|$/gm)].map((m) => [
      Number(m[1]),
      Number(m[2]) / 100,
    ]);
    expect(rows).toHaveLength(AWR_DESKTOP_CURVE.points.length);
    rows.forEach(([position, ctr], i) => {
      expect(position).toBe(AWR_DESKTOP_CURVE.points[i]![0]);
      expect(ctr).toBeCloseTo(AWR_DESKTOP_CURVE.points[i]![1], 10);
    });
  });
});
