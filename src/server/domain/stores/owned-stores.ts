// A user's connected stores: listed, opened (credentials unsealed for one call) and disconnected. Another
// user's store answers unknown_store, exactly as a missing one does.
import { and, asc, eq } from 'drizzle-orm';
import type { StoreView } from '../../../common/contract/functions';
import type { Queryable } from '../../db/client';
import { stores } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { storeOf } from '../../leaves/ownership/conditions';
import { openSecret } from '../../leaves/secrets/seal';
import type { PlatformName } from './platform';
import type { StoreAccess } from './store-access';

export type OpenedStore = {
  id: number;
  platform: PlatformName;
  url: URL;
  name: string;
  /** As sealed at connect time; the store's platform parses them (StorePlatform.open). */
  credentials: unknown;
  /** The other API version the store last answered with, or null (stores.api_version_answered). */
  apiVersionAnswered: string | null;
};

type StoreRow = typeof stores.$inferSelect;

export function storeView(
  row: Pick<
    StoreRow,
    'id' | 'platform' | 'storeUrl' | 'name' | 'connectedAt' | 'apiVersionAnswered' | 'apiVersionAsked'
  >,
): StoreView {
  return {
    id: row.id,
    platform: row.platform,
    store_url: row.storeUrl,
    name: row.name,
    connected_at: row.connectedAt.toISOString(),
    api_version:
      row.apiVersionAnswered && row.apiVersionAsked
        ? { asked: row.apiVersionAsked, answered: row.apiVersionAnswered }
        : null,
  };
}

export async function listStores(db: Queryable, ownerId: string): Promise<StoreView[]> {
  const rows = await db.select().from(stores).where(storeOf(ownerId)).orderBy(asc(stores.id));
  return rows.map(storeView);
}

/** The owner's store with its credentials unsealed; unknown_store when it is not theirs. */
export async function openOwnedStore(
  db: Queryable,
  ownerId: string,
  storeId: number,
  access: StoreAccess,
): Promise<OpenedStore> {
  const [row] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.id, storeId), storeOf(ownerId)));
  if (!row) throw new AppError('unknown_store');
  const credentials: unknown = JSON.parse(openSecret(access.secretsKey, row.sealedCredentials));
  return {
    id: row.id,
    platform: row.platform,
    url: new URL(row.storeUrl),
    name: row.name,
    credentials,
    apiVersionAnswered: row.apiVersionAnswered,
  };
}

export async function disconnectStore(db: Queryable, ownerId: string, storeId: number): Promise<void> {
  const deleted = await db
    .delete(stores)
    .where(and(eq(stores.id, storeId), storeOf(ownerId)))
    .returning({ id: stores.id });
  if (deleted.length === 0) throw new AppError('unknown_store');
}
