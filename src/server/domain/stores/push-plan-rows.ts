// The rows a push plans from (push-plan.ts): the run's products linked to the store, with only the columns a
// push writes from, and their images' alt texts. A run's row holds every copy field, its checks and its
// translations; read whole for a big run, those rows cost the push-to-store call more than the rest of its work.
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { fieldWithStoreBody } from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import type { Queryable } from '../../db/client';
import { bundleWorkflowProductImages, bundleWorkflowProducts, storeProducts } from '../../db/schema';

type RunSelection = { bundle_workflow_id: number; only_approved?: boolean };

/** The alt texts of these run products' images, in position order. */
function imagesOf(db: Queryable, bundleWorkflowProductIds: number[]) {
  const images = bundleWorkflowProductImages;
  return (
    db
      .select({
        bundleWorkflowProductId: images.bundleWorkflowProductId,
        position: images.position,
        altText: images.altText,
      })
      .from(images)
      // One array parameter, not one per product: a big run's query is not built id by id.
      .where(sql`${images.bundleWorkflowProductId} = any(${sql.param(bundleWorkflowProductIds)}::int[])`)
      .orderBy(asc(images.position))
  );
}

/** The run's products linked to store `storeId`, by id, and their images by product; translations only when asked. */
export async function planRows(
  db: Queryable,
  storeId: number,
  input: RunSelection,
  withTranslations: boolean,
) {
  // The fact sheet is listed in the product's body as the store files do (column-kinds.ts).
  const factsField = fieldWithStoreBody(COPY_FIELD_REGISTRY, 'facts');
  const p = bundleWorkflowProducts;
  const rows = await db
    .select({
      product: {
        id: p.id,
        productId: p.productId,
        isMultipleOf: p.isMultipleOf,
        description: p.description,
        metaDescription: p.metaDescription,
        pageTitle: p.pageTitle,
        urlSuggestion: p.urlSuggestion,
        facts: factsField
          ? getTableColumns(p)[factsField.key as keyof typeof p.$inferSelect]!
          : sql<null>`null`,
        translations: withTranslations ? p.translations : sql<null>`null`,
      },
      link: {
        remoteProductId: storeProducts.remoteProductId,
        remoteVariantId: storeProducts.remoteVariantId,
        remoteUpdatedAt: storeProducts.remoteUpdatedAt,
        remoteImageIds: storeProducts.remoteImageIds,
        remoteValues: storeProducts.remoteValues,
      },
    })
    .from(p)
    .innerJoin(storeProducts, eq(storeProducts.productId, p.productId))
    .where(
      and(
        eq(p.bundleWorkflowId, input.bundle_workflow_id),
        eq(storeProducts.storeId, storeId),
        ...(input.only_approved === false ? [] : [eq(p.reviewState, 'approved')]),
      ),
    )
    .orderBy(asc(p.id));
  const imagesByProduct = new Map<number, { position: number; altText: string | null }[]>();
  const images = await imagesOf(
    db,
    rows.map((row) => row.product.id),
  );
  for (const image of images) {
    const list = imagesByProduct.get(image.bundleWorkflowProductId);
    if (list) list.push(image);
    else imagesByProduct.set(image.bundleWorkflowProductId, [image]);
  }
  return { rows, imagesByProduct };
}
