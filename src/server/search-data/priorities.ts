// Priorities: each product of the bundle's latest import with its expected CTR and missed clicks, most missed
// first. Products under MIN_IMPRESSIONS are "not enough data": listed, never ranked above one that has enough.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
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
  const { rows } = await db.execute<CtrCurve>(
    sql`select points, source from search_ctr_curves where bundle_id = ${bundleId}`,
  );
  return rows[0] ?? AWR_DESKTOP_CURVE;
}

export async function latestImport(db: Queryable, bundleId: number): Promise<LatestImport | null> {
  const { rows } = await db.execute<{
    id: number;
    period_start: string;
    period_end: string;
    columns_read: Record<string, string>;
    page_rows: number;
    unmatched: string[];
  }>(sql`
    select id, period_start::text, period_end::text, columns_read, page_rows, unmatched from search_imports
    where bundle_id = ${bundleId} order by period_end desc, id desc limit 1`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    period: { start: row.period_start, end: row.period_end },
    columns_read: row.columns_read,
    page_rows: row.page_rows,
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
  const { rows } = await db.execute<{
    product_id: number;
    name: string | null;
    url: string | null;
    clicks: number;
    impressions: number;
    ctr: number;
    position: number;
  }>(sql`
    select s.product_id, coalesce(p.details->>'product_name', p.details->>'title') as name,
      p.details->>'url' as url, s.clicks, s.impressions, s.ctr, s.position
    from search_product_stats s join products p on p.id = s.product_id
    where s.import_id = ${importId}`);
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
