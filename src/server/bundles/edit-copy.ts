// update-product-copy: the user's own edits, held to the same length limits as generated copy, and logged.
import { and, eq, inArray } from 'drizzle-orm';
import { countCharacters, SEO_LIMITS } from '../../common/copy-rules';
import type { BundleWorkflowProduct } from '../../common/entities';
import type { ParsedFunctionRequest } from '../../common/functions';
import { AppError } from '../app-error';
import type { Database } from '../db/client';
import { bundleWorkflowProductImages, bundleWorkflowProducts } from '../db/schema';
import { COPY_PROBLEM_MESSAGES } from '../generation/check-copy';
import { logGeneral } from '../run-log/run-log';
import { requireOwnedRunProduct } from './bundle-access';
import { runProducts } from './view-run';

const LIMITS: Partial<Record<string, { min: number; max: number }>> = {
  page_title: { min: 1, max: SEO_LIMITS.pageTitleMax },
  meta_description: { min: SEO_LIMITS.metaDescriptionMin, max: SEO_LIMITS.metaDescriptionMax },
  heading: { min: 1, max: SEO_LIMITS.headingMax },
  alt_text: { min: 1, max: SEO_LIMITS.altTextMax },
};

function checkLimit(field: string, limitKey: string, value: string): string | null {
  const limit = LIMITS[limitKey];
  if (!limit) return null;
  const length = countCharacters(value.trim());
  if (length === 0) return COPY_PROBLEM_MESSAGES.empty(field as never);
  if (length > limit.max || length < limit.min) {
    return limit.min > 1
      ? COPY_PROBLEM_MESSAGES.outOfRange(field as never, length, limit.min, limit.max)
      : COPY_PROBLEM_MESSAGES.tooLong(field as never, length, limit.max);
  }
  return null;
}

export async function updateProductCopy(
  db: Database,
  ownerId: string,
  input: ParsedFunctionRequest<'update-product-copy'>,
): Promise<BundleWorkflowProduct> {
  const { row } = await requireOwnedRunProduct(db, ownerId, input.bundle_workflow_product_id);
  const fields = input.fields;
  const altTexts = input.alt_texts ?? [];
  const problems = [
    ...Object.entries(fields).map(([field, value]) => checkLimit(field, field, value ?? '')),
    ...altTexts.map((a, i) => checkLimit(`alt_texts[${i}]`, 'alt_text', a.alt_text)),
  ].filter((problem): problem is string => problem !== null);
  if (problems.length > 0) throw new AppError('bad_input', problems.join(' '));
  if (Object.keys(fields).length === 0 && altTexts.length === 0) {
    throw new AppError('bad_input', 'Nothing to change: give at least one field.');
  }

  await db.transaction(async (tx) => {
    if (Object.keys(fields).length > 0) {
      await tx
        .update(bundleWorkflowProducts)
        .set({
          pageTitle: fields.page_title?.trim(),
          metaDescription: fields.meta_description?.trim(),
          heading: fields.heading?.trim(),
          description: fields.description,
          factSheet: fields.fact_sheet,
          urlSuggestion: fields.url_suggestion?.trim(),
        })
        .where(eq(bundleWorkflowProducts.id, row.id));
    }
    if (altTexts.length > 0) {
      const ids = altTexts.map((a) => a.bundle_workflow_products_image_id);
      const owned = await tx
        .select({ id: bundleWorkflowProductImages.id })
        .from(bundleWorkflowProductImages)
        .where(
          and(
            inArray(bundleWorkflowProductImages.id, ids),
            eq(bundleWorkflowProductImages.bundleWorkflowProductId, row.id),
          ),
        );
      if (owned.length !== new Set(ids).size)
        throw new AppError('unknown_bundle', 'That image is not one of this product’s.');
      for (const { bundle_workflow_products_image_id: id, alt_text } of altTexts) {
        await tx
          .update(bundleWorkflowProductImages)
          .set({ altText: alt_text.trim() })
          .where(eq(bundleWorkflowProductImages.id, id));
      }
    }
    await logGeneral(
      tx,
      { bundleWorkflowId: row.bundleWorkflowId, productId: row.productId },
      'Copy edited',
      {
        fields: [...Object.keys(fields), ...(altTexts.length > 0 ? ['alt_texts'] : [])],
      },
    );
  });
  const [product] = await runProducts(db, row.bundleWorkflowId, row.id);
  return product!;
}
