// What a push would write: for each of the run's products linked to the store, each field's value
// in the store now (`before`), ours (`after`), and why it will not be pushed (`conflict`). preview-push answers
// it; push-to-store journals it. Nothing empty is ever written over the store's text.
import type { FunctionResponse, ParsedFunctionRequest, PushField } from '../../../common/contract/functions';
import type { Queryable } from '../../db/client';
import type { StoredValues } from '../../db/schema';
import { requireOwnedRun } from '../../leaves/ownership/lookups';
import { escapeHtml, writeCell } from '../export/column-kinds';
import { toShopifyBodyHtml } from '../export/rows';
import { type OpenedStore, openOwnedStore } from './owned-stores';
import {
  holds,
  type LiveProduct,
  liveFromStored,
  type StoreClient,
  type StorePlatform,
  storeKey,
} from './platform';
import { PLATFORMS } from './platforms';
import { planRows } from './push-plan-rows';
import { languagesOf, translationValues } from './push-translations';
import type { StoreAccess } from './store-access';
import { asBadInput, storeClient } from './store-connection';

export type PushChange = FunctionResponse<'preview-push'>['changes'][number];

export type PlannedProduct = {
  bundleWorkflowProductId: number;
  productId: number;
  remoteProductId: string;
  remoteVariantId: string | null;
  remoteUpdatedAt: string;
  /** The store's values at remoteUpdatedAt, where the import (or the last push) kept them. */
  stored: StoredValues | null;
  /** field → our value */
  values: Map<string, string>;
};

const DEFAULT_FIELDS: PushField[] = [
  'description',
  'short_description',
  'seo_title',
  'seo_description',
  'alt_texts',
];

/** The fields a product takes on its store's platform, of those asked for; null when it is left to its parent. */
function fieldsFor(
  platform: StorePlatform,
  isVariant: boolean,
  wanted: Set<PushField>,
): Set<PushField> | null {
  const allowed = platform.push.fields(isVariant);
  return allowed && new Set(allowed.filter((field) => wanted.has(field)));
}

const oneLine = (html: string) => html.replace(/\n/g, '');

/** An SEO text as the store keeps it (push.seoText), so that a later preview or undo reads back no edit. */
const seoText = (platform: StorePlatform, text: string | null) =>
  text && platform.push.seoText ? platform.push.seoText(text) : text;

/** The slug in a URL suggestion ("/products/aurora-ring-silver" → "aurora-ring-silver"). */
export function handleOf(urlSuggestion: string): string {
  return urlSuggestion.split('?')[0]!.split('/').filter(Boolean).at(-1) ?? '';
}

export type PushInput = ParsedFunctionRequest<'preview-push'>;

/** The run's linked products and our values for them; a variant whose copy is its parent's is left to it. */
export async function plannedProducts(
  db: Queryable,
  store: OpenedStore,
  input: PushInput,
): Promise<PlannedProduct[]> {
  const wanted = new Set<PushField>(input.fields ?? DEFAULT_FIELDS);
  if (input.write_handles) wanted.add('handle');
  else wanted.delete('handle');
  const { rows, imagesByProduct } = await planRows(db, store.id, input, wanted.has('translations'));
  const planned: PlannedProduct[] = [];
  const platform = PLATFORMS[store.platform];
  for (const { product, link } of rows) {
    const isVariant = product.isMultipleOf !== null;
    const facts = product.facts as string | null;
    const fields = fieldsFor(platform, isVariant, wanted);
    if (!fields) continue;
    const values = new Map<string, string>();
    // Each value as the store files write its column (column-kinds.ts): markup in text never goes raw.
    const set = (field: PushField, value: string | null | undefined, key: string = field) => {
      if (value?.trim()) values.set(key, writeCell('push', field, value.trim()));
    };
    if (fields.has('description') && product.description?.trim()) {
      const html = toShopifyBodyHtml(product.description, isVariant ? null : facts);
      set('description', platform.push.description(html));
    }
    if (fields.has('short_description')) {
      // As the WooCommerce file writes it: the fact sheet as a list, else the meta description.
      set(
        'short_description',
        facts?.trim()
          ? oneLine(toShopifyBodyHtml('', facts))
          : product.metaDescription?.trim()
            ? `<p>${escapeHtml(product.metaDescription.trim())}</p>`
            : '',
      );
    }
    if (fields.has('seo_title')) set('seo_title', seoText(platform, product.pageTitle));
    if (fields.has('seo_description')) set('seo_description', seoText(platform, product.metaDescription));
    if (fields.has('handle')) set('handle', handleOf(product.urlSuggestion ?? ''));
    if (fields.has('alt_texts')) {
      for (const image of imagesByProduct.get(product.id) ?? []) {
        const remoteId = link.remoteImageIds[image.position];
        if (remoteId) set('alt_texts', image.altText, `alt_text:${remoteId}`);
      }
    }
    if (fields.has('translations')) {
      const write = (field: string, text: string) => writeCell('push', field, text);
      for (const [key, text] of translationValues(platform, product.translations, write))
        values.set(key, text);
    }
    planned.push({
      bundleWorkflowProductId: product.id,
      productId: product.productId,
      remoteProductId: link.remoteProductId,
      remoteVariantId: isVariant ? link.remoteVariantId : null,
      remoteUpdatedAt: link.remoteUpdatedAt,
      stored: link.remoteValues,
      values,
    });
  }
  return planned;
}

/** Each planned value beside the store's live one, with the reason it will not be pushed. */
export function compareWithLive(
  platform: StorePlatform,
  planned: PlannedProduct[],
  live: Map<string, LiveProduct | null>,
): PushChange[] {
  const changes: PushChange[] = [];
  for (const product of planned) {
    const now = live.get(storeKey(product.remoteProductId, product.remoteVariantId)) ?? null;
    for (const [field, after] of product.values) {
      const before = now?.values.get(field) ?? '';
      const conflict = !now
        ? 'deleted_in_store'
        : now.updatedAt !== product.remoteUpdatedAt
          ? 'changed_in_store'
          : holds(platform, now, field, after)
            ? 'already_ours'
            : null;
      changes.push({
        bundle_workflow_product_id: product.bundleWorkflowProductId,
        field,
        before,
        after,
        conflict,
      });
    }
  }
  return changes.sort((a, b) => Number(b.conflict !== null) - Number(a.conflict !== null));
}

/** Drops the fields the store has nowhere to show (StoreClient.leftOut) from the plan; the notes that say so. */
async function leaveOut(client: StoreClient, planned: PlannedProduct[]): Promise<string[]> {
  const leftOut = await client.leftOut?.();
  if (!leftOut) return [];
  let dropped = 0;
  for (const product of planned) {
    for (const field of leftOut.fields) dropped += Number(product.values.delete(field));
  }
  return dropped === 0 ? [] : [leftOut.note];
}

/** The languages of the translations the plan writes, which a live read must read too. */
const plannedLanguages = (planned: PlannedProduct[]) =>
  languagesOf(planned.flatMap((product) => [...product.values.keys()]));

/**
 * The products as the store held them at their clock, from store_products.remote_values; the store is read
 * only for those without (a platform whose import does not keep them), and for the translations a push
 * writes, which no import keeps: those values are the store's now.
 */
async function storedOrLive(
  client: StoreClient,
  planned: PlannedProduct[],
): Promise<Map<string, LiveProduct | null>> {
  const languages = plannedLanguages(planned);
  const unknown = planned.filter((product) => !product.stored || languages.length > 0);
  const live =
    unknown.length > 0 ? await client.readLive(unknown, languages) : new Map<string, LiveProduct | null>();
  for (const product of planned) {
    if (!product.stored) continue;
    const key = storeKey(product.remoteProductId, product.remoteVariantId);
    const stored = liveFromStored(product.stored, product.remoteUpdatedAt);
    for (const [field, value] of live.get(key)?.values ?? []) {
      if (field.startsWith('translation:')) stored.values.set(field, value);
    }
    live.set(key, stored);
  }
  return live;
}

/**
 * preview-push: the changes a push would make now, read from the store as it is. `stored` (push-to-store):
 * the values the import or last push kept stand for the store's, and the push's reread checks them.
 */
export async function previewPush(
  db: Queryable,
  ownerId: string,
  input: PushInput,
  access: StoreAccess,
  { stored = false }: { stored?: boolean } = {},
): Promise<{
  changes: PushChange[];
  notes: string[];
  store: OpenedStore;
  client: StoreClient;
  planned: PlannedProduct[];
}> {
  await requireOwnedRun(db, ownerId, input.bundle_workflow_id);
  const store = await openOwnedStore(db, ownerId, input.store_id, access);
  const client = storeClient(store, access, db);
  const planned = await plannedProducts(db, store, input);
  try {
    await client.checkPush(input);
    const live = stored
      ? await storedOrLive(client, planned)
      : await client.readLive(planned, plannedLanguages(planned));
    const notes = await leaveOut(client, planned);
    return {
      changes: compareWithLive(PLATFORMS[store.platform], planned, live),
      notes,
      store,
      client,
      planned,
    };
  } catch (error) {
    throw asBadInput(error, PLATFORMS[store.platform].label);
  }
}
