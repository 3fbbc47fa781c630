// The read side for the handlers: priorities, the report and the curve, each for an owned bundle.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { requireOwnedBundleId } from '../../leaves/ownership/lookups';
import { beforeAfterReport } from './before-after';
import { AWR_DESKTOP_CURVE, type CtrCurve, parseCtrCurve } from './ctr-curve';
import { bundleCurve, importPriorities, latestImport } from './priorities';

export async function viewSearchPriorities(db: Queryable, ownerId: string, bundleId: number) {
  const id = await requireOwnedBundleId(db, ownerId, bundleId);
  const curve = await bundleCurve(db, id);
  const latest = await latestImport(db, id);
  return { import: latest, curve, products: latest ? await importPriorities(db, latest.id, curve) : [] };
}

export async function viewSearchReport(db: Queryable, ownerId: string, bundleId: number, importId?: number) {
  const id = await requireOwnedBundleId(db, ownerId, bundleId);
  return beforeAfterReport(db, id, importId);
}

export async function setCtrCurve(
  db: Queryable,
  ownerId: string,
  bundleId: number,
  text: string | null,
): Promise<CtrCurve> {
  const id = await requireOwnedBundleId(db, ownerId, bundleId);
  if (text === null || text.trim() === '') {
    await db.execute(sql`delete from search_ctr_curves where bundle_id = ${id}`);
    return AWR_DESKTOP_CURVE;
  }
  const curve = parseCtrCurve(text);
  await db.execute(sql`
    insert into search_ctr_curves (bundle_id, points, source) values (${id}, ${JSON.stringify(curve.points)}::jsonb, ${curve.source})
    on conflict (bundle_id) do update set points = excluded.points, source = excluded.source`);
  return curve;
}
