// While a bundle's store import is queued, running or failed, the bundle has no products yet: no run can
// start on it.
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { storeImports } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';

export async function refuseWhileImporting(db: Queryable, bundleId: number): Promise<void> {
  const [row] = await db
    .select({ state: storeImports.state })
    .from(storeImports)
    .where(eq(storeImports.bundleId, bundleId));
  if (!row || row.state === 'done') return;
  throw new AppError(
    'bad_input',
    row.state === 'failed'
      ? 'The bundle’s import from the store failed, so it has no products: import the store again.'
      : 'The bundle is still being imported from the store: start a run once the import is done.',
  );
}
