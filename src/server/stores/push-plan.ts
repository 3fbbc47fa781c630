// What a push would write: for each of the run's products linked to the store, each field's value
// in the store now (`before`), ours (`after`), and why it will not be pushed (`conflict`). preview-push answers
// it; push-to-store journals it. Nothing empty is ever written over the store's text.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FunctionResponse, ParsedFunctionRequest, PushField } from '../../common/functions';
import { AppError } from '../app-error';
import type { Queryable } from '../db/client';
import { bundleWorkflowProductImages, bundleWorkflowProducts, storeProducts } from '../db/schema';
import { escapeHtml, writeCell } from '../export/column-kinds';
import { toShopifyBodyHtml } from '../export/rows';
import { requireOwnedRun } from '../ownership/lookups';
import { holds, type LiveProduct, readLiveProducts, storeKey } from './live-values';
import { type OpenedStore, openOwnedStore } from './owned-stores';
import type { StoreAccess } from './store-access';
import {
  asBadInput,
  missingShopifyScopes,
  SHOPIFY_HANDLE_SCOPES,
  type StoreClient,
  storeClient,
} from './store-connection';
import { seoPluginOf } from './woocommerce-seo';

export type PushChange = FunctionResponse<'preview-push'>['changes'][number];

export type PlannedProduct = {
  bundleWorkflowProductId: number;
  productId: number;
  remoteProductId: string;
  remoteVariantId: string | null;
  remoteUpdatedAt: string;
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

/** Fields each platform takes, per kind of product (a Shopify variant's copy is its product's). */
function fieldsFor(
  platform: OpenedStore['platform'],
  isVariant: boolean,
  wanted: Set<PushField>,
): Set<PushField> {
  const allowed: PushField[] =
    platform === 'shopify'
      ? ['description', 'seo_title', 'seo_description', 'alt_texts', 'handle']
      : isVariant
        ? ['description']
        : ['description', 'short_description', 'seo_title', 'seo_description', 'alt_texts', 'handle'];
  return new Set(allowed.filter((field) => wanted.has(field)));
}

const oneLine = (html: string) => html.replace(/\n/g, '');

/** The slug in a URL suggestion ("/products/aurora-ring-silver" → "aurora-ring-silver"). */
export function handleOf(urlSuggestion: string): string {
  return urlSuggestion.split('?')[0]!.split('/').filter(Boolean).at(-1) ?? '';
}

export type PushInput = ParsedFunctionRequest<'preview-push'>;

/** The run's linked products and our values for them; Shopify variants are left to their product. */
export async function plannedProducts(
  db: Queryable,
  store: OpenedStore,
  input: PushInput,
): Promise<PlannedProduct[]> {
  const wanted = new Set<PushField>(input.fields ?? DEFAULT_FIELDS);
  if (input.write_handles) wanted.add('handle');
  else wanted.delete('handle');
  const rows = await db
    .select({ product: bundleWorkflowProducts, link: storeProducts })
    .from(bundleWorkflowProducts)
    .innerJoin(storeProducts, eq(storeProducts.productId, bundleWorkflowProducts.productId))
    .where(
      and(
        eq(bundleWorkflowProducts.bundleWorkflowId, input.bundle_workflow_id),
        eq(storeProducts.storeId, store.id),
        ...(input.only_approved === false ? [] : [eq(bundleWorkflowProducts.reviewState, 'approved')]),
      ),
    )
    .orderBy(asc(bundleWorkflowProducts.id));
  const images = await db
    .select()
    .from(bundleWorkflowProductImages)
    .where(
      inArray(
        bundleWorkflowProductImages.bundleWorkflowProductId,
        rows.map((row) => row.product.id),
      ),
    )
    .orderBy(asc(bundleWorkflowProductImages.position));
  const planned: PlannedProduct[] = [];
  for (const { product, link } of rows) {
    const isVariant = product.isMultipleOf !== null;
    if (store.platform === 'shopify' && isVariant) continue;
    const fields = fieldsFor(store.platform, isVariant, wanted);
    const values = new Map<string, string>();
    // Each value as the store files write its column (column-kinds.ts): markup in text never goes raw.
    const set = (field: PushField, value: string | null | undefined, key: string = field) => {
      if (value?.trim()) values.set(key, writeCell('push', field, value.trim()));
    };
    if (fields.has('description') && product.description?.trim()) {
      const html = toShopifyBodyHtml(product.description, isVariant ? null : product.factSheet);
      set('description', store.platform === 'shopify' ? html : oneLine(html));
    }
    if (fields.has('short_description')) {
      // As the WooCommerce file writes it: the fact sheet as a list, else the meta description.
      set(
        'short_description',
        product.factSheet?.trim()
          ? oneLine(toShopifyBodyHtml('', product.factSheet))
          : product.metaDescription?.trim()
            ? `<p>${escapeHtml(product.metaDescription.trim())}</p>`
            : '',
      );
    }
    // One line, as Yoast stores them (it turns line breaks and tabs into spaces and collapses runs of them),
    // so that the stored value equals ours and a later preview or undo sees no edit in the store.
    const seoLine = (text: string | null) =>
      store.platform === 'woocommerce' ? text?.replace(/\s+/g, ' ') : text;
    if (fields.has('seo_title')) set('seo_title', seoLine(product.pageTitle));
    if (fields.has('seo_description')) set('seo_description', seoLine(product.metaDescription));
    if (fields.has('handle')) set('handle', handleOf(product.urlSuggestion ?? ''));
    if (fields.has('alt_texts')) {
      for (const image of images.filter((i) => i.bundleWorkflowProductId === product.id)) {
        const remoteId = link.remoteImageIds[image.position];
        if (remoteId) set('alt_texts', image.altText, `alt_text:${remoteId}`);
      }
    }
    planned.push({
      bundleWorkflowProductId: product.id,
      productId: product.productId,
      remoteProductId: link.remoteProductId,
      remoteVariantId: isVariant ? link.remoteVariantId : null,
      remoteUpdatedAt: link.remoteUpdatedAt,
      values,
    });
  }
  return planned;
}

/** Each planned value beside the store's live one, with the reason it will not be pushed. */
export function compareWithLive(
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
          : holds(now, field, after)
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

/**
 * A WooCommerce store with neither Yoast SEO nor Rank Math has nowhere that shows an SEO title or meta
 * description: those fields are left out of the plan (never journalled as written) and a note says why.
 */
async function withoutSeoIfNoPlugin(client: StoreClient, planned: PlannedProduct[]): Promise<string[]> {
  if (client.platform !== 'woocommerce' || (await seoPluginOf(client.connection)) !== 'none') return [];
  let dropped = 0;
  for (const product of planned) {
    for (const field of ['seo_title', 'seo_description']) dropped += Number(product.values.delete(field));
  }
  if (dropped === 0) return [];
  return [
    'The store runs no SEO plugin (Yoast SEO or Rank Math), so nothing would show an SEO title or meta description: those fields are not written.',
  ];
}

/** preview-push: the changes a push would make now, read from the store as it is. */
export async function previewPush(
  db: Queryable,
  ownerId: string,
  input: PushInput,
  access: StoreAccess,
): Promise<{
  changes: PushChange[];
  notes: string[];
  store: OpenedStore;
  client: StoreClient;
  planned: PlannedProduct[];
}> {
  await requireOwnedRun(db, ownerId, input.bundle_workflow_id);
  const store = await openOwnedStore(db, ownerId, input.store_id, access);
  const client = storeClient(store.url, store.credentials, access);
  const planned = await plannedProducts(db, store, input);
  try {
    if (input.write_handles && client.platform === 'shopify') {
      // Checked before anything is written: without them the handle would change and its redirect could
      // neither be found for the journal nor removed by an undo.
      const missing = await missingShopifyScopes(client.connection, SHOPIFY_HANDLE_SCOPES);
      if (missing.length > 0) {
        throw new AppError(
          'bad_input',
          `write_handles needs the Shopify scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: give the app ${SHOPIFY_HANDLE_SCOPES.join(' and ')}, or push without write_handles.`,
        );
      }
    }
    const live = await readLiveProducts(client, planned);
    const notes = await withoutSeoIfNoPlugin(client, planned);
    return { changes: compareWithLive(planned, live), notes, store, client, planned };
  } catch (error) {
    throw asBadInput(error, store.platform);
  }
}
