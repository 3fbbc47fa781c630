// Expected CTR by position, and the clicks a page misses against it. The default curve is Advanced Web
// Ranking's desktop CTR by position (docs/ctr-curve.md has the table and its source); a bundle may use its
// own, pasted as "position, CTR" lines.
import { AppError } from '../../leaves/app-error/app-error';

export type CtrCurve = { points: [number, number][]; source: string };

/** AWR CTR study, desktop, all searches, June–October 2020, positions 1–20 (docs/ctr-curve.md). */
export const AWR_DESKTOP_CURVE: CtrCurve = {
  source: 'Advanced Web Ranking CTR study, desktop (June–October 2020)',
  points: [
    [1, 0.3377],
    [2, 0.1294],
    [3, 0.0694],
    [4, 0.048],
    [5, 0.0317],
    [6, 0.0227],
    [7, 0.0172],
    [8, 0.0131],
    [9, 0.0123],
    [10, 0.0117],
    [11, 0.0253],
    [12, 0.017],
    [13, 0.0104],
    [14, 0.0089],
    [15, 0.008],
    [16, 0.0079],
    [17, 0.0068],
    [18, 0.0053],
    [19, 0.005],
    [20, 0.0038],
  ],
};

/** Below this many impressions a page's CTR says too little to rank it (seotriage, everestx). */
export const MIN_IMPRESSIONS = 100;

/**
 * The curve's CTR at a fractional position, linear between its rows; above the first row, the first row's
 * CTR; past the last row, the last row's (Search Console's positions are averages, so 3.4 lies between 3 and 4).
 */
export function expectedCtr(curve: CtrCurve, position: number): number {
  const points = curve.points;
  if (position <= points[0]![0]) return points[0]![1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    if (position <= x1) {
      const [x0, y0] = points[i - 1]!;
      return y0 + ((y1 - y0) * (position - x0)) / (x1 - x0);
    }
  }
  return points.at(-1)![1];
}

/** impressions × max(0, expected CTR at the position − the page's CTR). */
export function missedClicks(
  curve: CtrCurve,
  stats: { impressions: number; ctr: number; position: number },
): number {
  return stats.impressions * Math.max(0, expectedCtr(curve, stats.position) - stats.ctr);
}

/** A pasted curve: one "position, CTR" pair a line (CTR as "12.5%" or 0.125); tab, semicolon or comma. */
export function parseCtrCurve(text: string): CtrCurve {
  const points: [number, number][] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (!trimmed || /^[a-z#]/i.test(trimmed)) return;
    const parts = trimmed.split(/\s*[\t;]\s*|\s*,\s+|\s+/).filter(Boolean);
    const [rawPosition, rawCtr] = parts;
    const position = Number(rawPosition?.replace(',', '.'));
    const isPercent = rawCtr?.includes('%') ?? false;
    const value = Number(rawCtr?.replace('%', '').replace(',', '.'));
    const ctr = isPercent || value > 1 ? value / 100 : value;
    if (parts.length !== 2 || !(position >= 1) || !Number.isFinite(ctr) || ctr < 0 || ctr > 1) {
      throw new AppError('bad_input', `ctr_curve line ${index + 1}: "${trimmed}" is not "position, CTR".`);
    }
    points.push([position, ctr]);
  });
  points.sort((a, b) => a[0] - b[0]);
  if (points.length < 2)
    throw new AppError('bad_input', 'ctr_curve needs at least two "position, CTR" lines.');
  if (new Set(points.map(([position]) => position)).size !== points.length) {
    throw new AppError('bad_input', 'ctr_curve names a position twice.');
  }
  return { points, source: 'pasted by the user' };
}
