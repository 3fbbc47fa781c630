// set-bundle-currency: the currency of a bundle's prices, asked once on import when the store's file
// has prices but names no currency. The structured data's offers need it; without it they are left out.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bundles } from '../../db/schema';
import { requireOwnedBundle } from '../../leaves/ownership/lookups';

export async function setBundleCurrency(
  db: Database,
  ownerId: string,
  bundleId: number,
  currency: string | null,
): Promise<{ currency: string | null }> {
  await requireOwnedBundle(db, ownerId, bundleId);
  await db.update(bundles).set({ currency }).where(eq(bundles.id, bundleId));
  return { currency };
}
