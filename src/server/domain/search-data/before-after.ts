// The before/after report (docs/search-data.md, "Before and after"). An import (the "after" window) is
// compared with the latest earlier import of the same length that ends before it starts (the "before"
// window). A product is "rewritten" when its copy was exported after the before window ended and at least
// COPY_SETTLE_DAYS before the after window began; products never exported are the control group. A rewritten
// product's CTR change is credited to the copy only where its mean position moved by at most
// MAX_POSITION_MOVE; otherwise it is inconclusive.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { copyExports, products, searchImports, searchProductStats } from '../../db/schema';
import { sumPages } from './import-search-data';

/** Google needs a few days to recrawl and show new copy (research: 2–3 days of data lag). */
export const COPY_SETTLE_DAYS = 3;
/** More than one place of movement and the CTR change is the ranking's, not the snippet's (kongmetrics). */
export const MAX_POSITION_MOVE = 1;

export type Window = { clicks: number; impressions: number; ctr: number; position: number };
export type Verdict =
  | 'credited'
  | 'inconclusive (position moved)'
  | 'no data in one window'
  | 'control'
  | 'not comparable';
export type GroupName = 'rewritten' | 'rewritten (position moved)' | 'control';

/** The bundle's imports, newest window first, each with its length in days. */
function importsOf(db: Queryable, bundleId: number) {
  const i = searchImports;
  return db
    .select({
      id: i.id,
      period_start: i.periodStart,
      period_end: i.periodEnd,
      days: sql<number>`(${i.periodEnd} - ${i.periodStart} + 1)::int`,
    })
    .from(i)
    .where(eq(i.bundleId, bundleId))
    .orderBy(desc(i.periodEnd), desc(i.id));
}
type ImportRow = Awaited<ReturnType<typeof importsOf>>[number];

/** Each product's figures in the two windows. */
function statsOf(db: Queryable, importIds: number[]) {
  const s = searchProductStats;
  return db
    .select({
      product_id: s.productId,
      import_id: s.importId,
      clicks: s.clicks,
      impressions: s.impressions,
      ctr: s.ctr,
      position: s.position,
    })
    .from(s)
    .where(inArray(s.importId, importIds));
}
type StatRow = Awaited<ReturnType<typeof statsOf>>[number];

const DAY = 86_400_000;
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY);

export async function findWindows(db: Queryable, bundleId: number, afterImportId?: number) {
  const rows = await importsOf(db, bundleId);
  const after = afterImportId === undefined ? rows[0] : rows.find((row) => row.id === afterImportId);
  if (!after) return { after: null, before: null };
  const before =
    rows.find(
      (row) => row.days === after.days && row.period_end < after.period_start && row.id !== after.id,
    ) ?? null;
  return { after, before };
}

export function groupOf(
  exportedAt: string | null,
  before: ImportRow,
  after: ImportRow,
): { group: 'rewritten' | 'control' | 'not comparable'; reason: string | null } {
  if (exportedAt === null) return { group: 'control', reason: null };
  const exported = dayNumber(exportedAt);
  if (exported > dayNumber(after.period_end))
    return { group: 'control', reason: 'exported after both windows' };
  if (exported <= dayNumber(before.period_end)) {
    return { group: 'not comparable', reason: 'exported before the before window ended' };
  }
  if (dayNumber(after.period_start) - exported < COPY_SETTLE_DAYS) {
    return {
      group: 'not comparable',
      reason: `exported less than ${COPY_SETTLE_DAYS} days before the after window began`,
    };
  }
  return { group: 'rewritten', reason: null };
}

function total(windows: Window[]): Window {
  return sumPages(
    windows.map((w) => ({ url: '', ...w, ctr: w.impressions > 0 ? w.clicks / w.impressions : 0 })),
  );
}

const windowOf = (row: ImportRow) => ({
  import_id: row.id,
  start: row.period_start,
  end: row.period_end,
  days: row.days,
});

export async function beforeAfterReport(db: Queryable, bundleId: number, afterImportId?: number) {
  const { after, before } = await findWindows(db, bundleId, afterImportId);
  if (!after) return { status: 'no_import' as const };
  if (!before) {
    return {
      status: 'no_before_window' as const,
      after: windowOf(after),
      message: `No earlier import of the same length (${after.days} days) ends before ${after.period_start}; import one to compare.`,
    };
  }
  const windows = [before.id, after.id];
  const stats = await statsOf(db, windows);
  const named = await productsInWindows(db, bundleId, windows);
  const statOf = new Map(stats.map((row) => [`${row.import_id}:${row.product_id}`, row]));
  const rows = named.map((product) => compareProduct(product, statOf, before, after));
  const both = rows.filter((row) => row.before && row.after);
  return {
    status: 'ready' as const,
    before: windowOf(before),
    after: windowOf(after),
    products: rows,
    groups: groupTotals(rows),
    bundle: {
      products: both.length,
      before: both.length ? total(both.map((row) => row.before!)) : null,
      after: both.length ? total(both.map((row) => row.after!)) : null,
    },
    excluded: {
      no_data_in_one_window: rows.filter((row) => row.verdict === 'no data in one window').length,
      not_comparable: rows.filter((row) => row.verdict === 'not comparable').length,
    },
  };
}

/** The bundle's products with figures in either window, each with its name and when its copy was exported. */
function productsInWindows(db: Queryable, bundleId: number, windows: number[]) {
  const p = products;
  const e = copyExports;
  const inWindows = db
    .select({ id: searchProductStats.productId })
    .from(searchProductStats)
    .where(inArray(searchProductStats.importId, windows));
  return db
    .select({
      id: p.id,
      name: sql<string | null>`coalesce(${p.details}->>'product_name', ${p.details}->>'title')`,
      exported_at: sql<
        string | null
      >`to_char(${e.exportedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(p)
    .leftJoin(e, eq(e.productId, p.id))
    .where(and(eq(p.bundleId, bundleId), inArray(p.id, inWindows)))
    .orderBy(p.id);
}
type ProductRow = Awaited<ReturnType<typeof productsInWindows>>[number];

const pick = (row: StatRow | undefined): Window | null =>
  row ? { clicks: row.clicks, impressions: row.impressions, ctr: row.ctr, position: row.position } : null;

/** One product's two windows, its group, and whether its CTR change can be credited to the copy. */
function compareProduct(
  product: ProductRow,
  statOf: Map<string, StatRow>,
  before: ImportRow,
  after: ImportRow,
) {
  const b = pick(statOf.get(`${before.id}:${product.id}`));
  const a = pick(statOf.get(`${after.id}:${product.id}`));
  const { group, reason } = groupOf(product.exported_at, before, after);
  const positionMove = a && b ? a.position - b.position : null;
  const verdict: Verdict =
    group === 'not comparable'
      ? 'not comparable'
      : !a || !b
        ? 'no data in one window'
        : group === 'control'
          ? 'control'
          : Math.abs(positionMove!) <= MAX_POSITION_MOVE
            ? 'credited'
            : 'inconclusive (position moved)';
  return {
    product_id: product.id,
    name: product.name ?? `Product ${product.id}`,
    group,
    reason,
    exported_at: product.exported_at,
    before: b,
    after: a,
    ctr_change: a && b ? a.ctr - b.ctr : null,
    position_move: positionMove,
    verdict,
  };
}

/** Each group's totals in the two windows, its products those of one verdict. */
function groupTotals(rows: ReturnType<typeof compareProduct>[]) {
  return (
    [
      ['rewritten', 'credited'],
      ['rewritten (position moved)', 'inconclusive (position moved)'],
      ['control', 'control'],
    ] as const
  ).map(([name, verdict]) => {
    const members = rows.filter((row) => row.verdict === verdict);
    return {
      group: name as GroupName,
      products: members.length,
      before: members.length ? total(members.map((row) => row.before!)) : null,
      after: members.length ? total(members.map((row) => row.after!)) : null,
    };
  });
}
