// update-product-copy: the user's own edits, held to the same length limits as generated copy, logged and
// kept as a version. A save made against copy that has changed since the editor loaded it is refused (409).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import type { ParsedFunctionRequest } from '../../../common/contract/functions';
import type { CopyFieldRegistry } from '../../../common/copy-fields/field-spec';
import { isQaPairsText } from '../../../common/copy-fields/qa-pairs';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import { keyedOf } from '../../../common/copy-fields/shapes';
import { countCharacters, SEO_LIMITS } from '../../../common/copy-rules/copy-rules';
import type { Database, Queryable } from '../../db/client';
import { bundleWorkflowProductImages, bundleWorkflowProducts } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { requireOwnedRunProduct } from '../../leaves/ownership/lookups';
import type { Membership } from '../../leaves/ownership/membership';
import { logGeneral } from '../../leaves/run-log/run-log';
import { COPY_PROBLEM_MESSAGES } from '../generation/check-copy';
import { recheckSavedCopy } from '../generation/recheck-copy';
import { insertVersion } from '../review/versions';
import { runProducts } from './run-query';

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

type CopyEdit = ParsedFunctionRequest<'update-product-copy'>;

/** The edited fields' columns (a field left out stays undefined, which drizzle leaves unchanged). */
function editedColumns(fields: CopyEdit['fields']) {
  return keyedOf(EDITABLE, (field) => {
    const value = (fields as Record<string, string | undefined>)[field.name];
    return field.edit?.trim ? value?.trim() : value;
  });
}

const EDITABLE = (COPY_FIELD_REGISTRY as CopyFieldRegistry).filter((field) => field.edit);

/** The member's edit of a product of their workspace, kept as a version that names them. */
export async function updateProductCopy(
  db: Database,
  member: Membership,
  input: CopyEdit,
): Promise<BundleWorkflowProduct> {
  const { row } = await requireOwnedRunProduct(db, member.workspaceId, input.bundle_workflow_product_id);
  const fields = input.fields;
  const altTexts = input.alt_texts ?? [];
  refuseOutOfLimits(fields, altTexts);

  await db.transaction(async (tx) => {
    await refuseIfChanged(tx, row.id, input.expected_updated_at);
    // An edit always sends the product back to pending review, even one that touches only alt texts.
    await tx
      .update(bundleWorkflowProducts)
      .set({
        ...editedColumns(fields),
        reviewState: 'pending',
      })
      .where(eq(bundleWorkflowProducts.id, row.id));
    if (altTexts.length > 0) await writeAltTexts(tx, row.id, altTexts);
    await insertVersion(tx, row.id, 'edited', member.userId);
    await recheckSavedCopy(tx, row.id);
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

/** Every field past its limits in one message, or an edit that changes nothing, refused before any write. */
/** A questions-and-answers field takes the JSON of [{ question, answer }] (or '' for none), nothing else. */
function checkPairs(field: string, value: string): string | null {
  if (!PAIR_FIELDS.has(field) || isQaPairsText(value)) return null;
  return `${field} must be a JSON list of { "question", "answer" } objects, each holding text.`;
}

const PAIR_FIELDS = new Set(EDITABLE.filter((field) => field.pairs).map((field) => field.name));

function refuseOutOfLimits(fields: CopyEdit['fields'], altTexts: NonNullable<CopyEdit['alt_texts']>) {
  const problems = [
    ...Object.entries(fields).map(([field, value]) => checkLimit(field, field, value ?? '')),
    ...Object.entries(fields).map(([field, value]) => checkPairs(field, value ?? '')),
    ...altTexts.map((a, i) => checkLimit(`alt_texts[${i}]`, 'alt_text', a.alt_text)),
  ].filter((problem): problem is string => problem !== null);
  if (problems.length > 0) throw new AppError('bad_input', problems.join(' '));
  if (Object.keys(fields).length === 0 && altTexts.length === 0) {
    throw new AppError('bad_input', 'Nothing to change: give at least one field.');
  }
}

/** Refuses a save made against copy that changed since the editor loaded it. */
async function refuseIfChanged(tx: Queryable, id: number, expectedUpdatedAt: string | undefined) {
  // The row is locked while it is compared and written, so a regeneration saving at the same moment
  // either lands before (and the save is refused as stale) or waits until this one is kept.
  const p = bundleWorkflowProducts;
  const current = await tx
    .select({
      updated_at: sql<string>`to_char(${p.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(p)
    .where(eq(p.id, id))
    .for('update');
  if (expectedUpdatedAt !== undefined && current[0]?.updated_at !== expectedUpdatedAt) {
    throw new AppError(
      'conflict',
      'This product changed since you opened it (it was regenerated or edited elsewhere). Reload it, or compare, before saving.',
    );
  }
}

/** The edited alt texts, refused when any image is not the product's own. */
async function writeAltTexts(tx: Queryable, id: number, altTexts: NonNullable<CopyEdit['alt_texts']>) {
  const ids = altTexts.map((a) => a.bundle_workflow_products_image_id);
  const owned = await tx
    .select({ id: bundleWorkflowProductImages.id })
    .from(bundleWorkflowProductImages)
    .where(
      and(
        inArray(bundleWorkflowProductImages.id, ids),
        eq(bundleWorkflowProductImages.bundleWorkflowProductId, id),
      ),
    );
  if (owned.length !== new Set(ids).size)
    throw new AppError('unknown_bundle', 'That image is not one of this product’s.');
  for (const { bundle_workflow_products_image_id: imageId, alt_text } of altTexts) {
    await tx
      .update(bundleWorkflowProductImages)
      .set({ altText: alt_text.trim() })
      .where(eq(bundleWorkflowProductImages.id, imageId));
  }
}
