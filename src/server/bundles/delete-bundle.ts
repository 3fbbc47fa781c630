import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { bundles } from '../db/schema';
import { requireOwnedBundle } from './bundle-access';

/** Deletes the bundle and, by cascade, its products, runs, copy, images and logs. Queued jobs find nothing and end. */
export async function deleteBundle(db: Queryable, ownerId: string, bundleId: number): Promise<void> {
  await requireOwnedBundle(db, ownerId, bundleId);
  await db.delete(bundles).where(and(eq(bundles.id, bundleId), eq(bundles.ownerId, ownerId)));
}
