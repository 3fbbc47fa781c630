// The bundle, if the user owns it and it is not deleted; another user's answers unknown_bundle exactly as a
// missing one (as bundles/bundle-access does; kept here so that bundles/ may import this folder, not both ways).
import { sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { Queryable } from '../db/client';

export async function requireOwnedBundleId(
  db: Queryable,
  ownerId: string,
  bundleId: number,
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from bundles where id = ${bundleId} and owner_id = ${ownerId} and deleted_at is null`,
  );
  if (!rows[0]) throw new AppError('unknown_bundle');
  return rows[0].id;
}
