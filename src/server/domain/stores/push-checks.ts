// The checks a push makes right before writing a chunk, item by item against the store's live values
// (decisions 016 and 028): a product gone or a field edited in the store is skipped, never overwritten; a field
// already holding our `after` was written before a restart and is only recorded; an `unread` item, whose
// `before` is the import's (or the last push's) value rather than a read, is first checked as the preview
// checks: a product whose clock moved since then is `changed_in_store`.
import type { storePushItems } from '../../db/schema';
import { holds, type LiveProduct, type ProductWrite, type StorePlatform, storeKey } from './platform';
import { parseTranslationField } from './push-translations';

/** A journal row, with the clock store_products holds for its product (null when the link is gone). */
export type Item = typeof storePushItems.$inferSelect & { clock: string | null };

export type Outcome = {
  id: number;
  status: 'written' | 'skipped' | 'failed';
  error: string | null;
  redirectId?: string | null;
};

export type PlannedWrite = { product: ProductWrite; items: Item[] };

const GONE = 'deleted_in_store: the product is no longer in the store';
const NO_FIELD = 'deleted_in_store: the store holds no text of this field to translate';

/** Why `item` is not written (an outcome), or null to write it. */
function check(platform: StorePlatform, item: Item, now: LiveProduct | null | undefined, isUndo: boolean) {
  const current = now?.values.get(item.field);
  const refusal = platform.push.refusal(item.field, item.after);
  const changed = (since: string): Outcome => ({
    id: item.id,
    status: 'skipped',
    error: `changed_in_store: the store's value changed since the ${since}`,
  });
  if (!now || current === undefined) {
    // A translation of a field the store holds no text of has nothing to translate (an empty SEO title).
    const error = now && parseTranslationField(item.field) ? NO_FIELD : GONE;
    return { id: item.id, status: 'skipped', error } as Outcome;
  }
  if (refusal) return { id: item.id, status: 'failed', error: refusal } as Outcome;
  if (holds(platform, now, item.field, item.after))
    return { id: item.id, status: 'written', error: null } as Outcome;
  // The preview's own check, for a before it did not read: any change to the product since.
  if (item.status === 'unread' && item.clock !== null && now.updatedAt !== item.clock)
    return changed('import');
  if (!holds(platform, now, item.field, item.before)) return changed(isUndo ? 'push' : 'preview');
  return null;
}

/**
 * Each item against the store's live value: skipped where the product is gone or the field was edited there,
 * already written where it holds our `after`, failed where the store cannot take it, else to write.
 */
export function planWrites(
  platform: StorePlatform,
  groups: Item[][],
  live: Map<string, LiveProduct | null>,
  isUndo: boolean,
): { outcomes: Outcome[]; writes: PlannedWrite[] } {
  const outcomes: Outcome[] = [];
  const writes: PlannedWrite[] = [];
  for (const items of groups) {
    const now = live.get(storeKey(items[0]!.remoteProductId, items[0]!.remoteVariantId));
    const toWrite: Item[] = [];
    for (const item of items) {
      const outcome = check(platform, item, now, isUndo);
      if (outcome) outcomes.push(outcome);
      else toWrite.push(item);
    }
    if (now && toWrite.length > 0) {
      writes.push({
        items: toWrite,
        product: {
          remoteProductId: toWrite[0]!.remoteProductId,
          remoteVariantId: toWrite[0]!.remoteVariantId,
          writes: toWrite.map((item) => ({ field: item.field, after: item.after })),
          live: now,
          removeRedirectId: isUndo
            ? (toWrite.find((item) => item.field === 'handle')?.redirectId ?? null)
            : undefined,
        },
      });
    }
  }
  return { outcomes, writes };
}
