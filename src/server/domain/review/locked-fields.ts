// Locked fields: a locked field keeps its text through every regeneration. Set per product or in
// bulk; saveCopy and regenerate read the lock from the row itself, so a lock set mid-run still holds.
import { inArray, sql } from 'drizzle-orm';
import type { CopyFieldName } from '../../../common/contract/entities';
import type { Database, Queryable } from '../../db/client';
import { bundleWorkflowProducts } from '../../db/schema';
import { requireOwnedProducts } from '../../leaves/ownership/lookups';

export async function setLockedFields(
  db: Database,
  ownerId: string,
  bundleWorkflowProductIds: number[],
  fields: CopyFieldName[],
  locked: boolean,
): Promise<number> {
  return db.transaction(async (tx) => {
    const owned = await requireOwnedProducts(tx, ownerId, bundleWorkflowProductIds);
    return changeLocks(
      tx,
      owned.map((product) => product.id),
      fields,
      locked,
    );
  });
}

/** Adds (or removes) the fields to each product's locked_fields; answers how many products changed. */
export async function changeLocks(
  db: Queryable,
  ids: number[],
  fields: CopyFieldName[],
  locked: boolean,
): Promise<number> {
  const fieldList = JSON.stringify([...new Set(fields)]);
  const next = locked
    ? sql`(select coalesce(jsonb_agg(distinct f order by f), '[]'::jsonb)
           from jsonb_array_elements_text(locked_fields || ${fieldList}::jsonb) f)`
    : sql`(select coalesce(jsonb_agg(f order by f), '[]'::jsonb)
           from jsonb_array_elements_text(locked_fields) f where not ${fieldList}::jsonb ? f)`;
  const p = bundleWorkflowProducts;
  const rows = await db
    .update(p)
    .set({ lockedFields: next, updatedAt: sql`now()` })
    .where(inArray(p.id, ids))
    .returning({ id: p.id });
  return rows.length;
}

/** SQL: whether the row's field is locked. */
export function isLocked(field: CopyFieldName) {
  return sql`(bundle_workflow_products.locked_fields @> ${JSON.stringify([field])}::jsonb)`;
}
