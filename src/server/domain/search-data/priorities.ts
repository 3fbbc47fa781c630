// Priorities: each product of the bundle's latest import with its expected CTR and missed clicks, most missed
// first. Products under MIN_IMPRESSIONS are "not enough data": listed, never ranked above one that has enough.
import { desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { products, searchCtrCurves, searchImports, searchProductStats } from '../../db/schema';
import { AWR_DESKTOP_CURVE, type CtrCurve, expectedCtr, MIN_IMPRESSIONS, missedClicks } from './ctr-curve';

export type Priority = {
  product_id: number;
  name: string;
  url: string | null;
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
  expected_ctr: number;
  missed_clicks: number;
  enough_data: boolean;
};

export type LatestImport = {
  id: number;
  period: { start: string; end: string };
  columns_read: Record<string, string>;
  page_rows: number;
  unmatched: string[];
};

export async function bundleCurve(db: Queryable, bundleId: number): Promise<CtrCurve> {
  const [curve] = await db
    .select({ points: searchCtrCurves.points, source: searchCtrCurves.source })
    .from(searchCtrCurves)
    .where(eq(searchCtrCurves.bundleId, bundleId));
  return curve ?? AWR_DESKTOP_CURVE;
}

export async function latestImport(db: Queryable, bundleId: number): Promise<LatestImport | null> {
  const [row] = await db
    .select()
    .from(searchImports)
    .where(eq(searchImports.bundleId, bundleId))
    .orderBy(desc(searchImports.periodEnd), desc(searchImports.id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    period: { start: row.periodStart, end: row.periodEnd },
    columns_read: row.columnsRead,
    page_rows: row.pageRows,
    unmatched: row.unmatched,
  };
}

/** Most missed clicks first; then the ones without enough data, by impressions. Ties by product id. */
export function rankPriorities(list: Priority[]): Priority[] {
  return [...list].sort(
    (a, b) =>
      Number(b.enough_data) - Number(a.enough_data) ||
      b.missed_clicks - a.missed_clicks ||
      b.impressions - a.impressions ||
      a.product_id - b.product_id,
  );
}

export async function importPriorities(
  db: Queryable,
  importId: number,
  curve: CtrCurve,
): Promise<Priority[]> {
  const s = searchProductStats;
  const p = products;
  const rows = await db
    .select({
      product_id: s.productId,
      name: sql<string | null>`coalesce(${p.details}->>'product_name', ${p.details}->>'title')`,
      url: sql<string | null>`${p.details}->>'url'`,
      clicks: s.clicks,
      impressions: s.impressions,
      ctr: s.ctr,
      position: s.position,
    })
    .from(s)
    .innerJoin(p, eq(p.id, s.productId))
    .where(eq(s.importId, importId));
  return rankPriorities(
    rows.map((row) => ({
      ...row,
      name: row.name ?? `Product ${row.product_id}`,
      expected_ctr: expectedCtr(curve, row.position),
      missed_clicks: missedClicks(curve, row),
      enough_data: row.impressions >= MIN_IMPRESSIONS,
    })),
  );
}

/** The products a run "for the top N" takes: enough data and some clicks missed, most missed first. */
export async function topProductIds(db: Queryable, bundleId: number, n: number): Promise<number[]> {
  const latest = await latestImport(db, bundleId);
  if (!latest) return [];
  const ranked = await importPriorities(db, latest.id, await bundleCurve(db, bundleId));
  return ranked
    .filter((p) => p.enough_data && p.missed_clicks > 0)
    .slice(0, n)
    .map((p) => p.product_id);
}
