// regenerate-products: write chosen products again, or every failed product of a run. A locked field keeps
// its text: it is neither cleared here nor overwritten when the new copy is saved (saveCopy). "Keep my edits"
// locks the edited fields first, in the same transaction (lock_fields).
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CopyFieldName } from '../../../common/contract/entities';
import { generatedTextFields } from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import { keyedOf } from '../../../common/copy-fields/shapes';
import type { Database, Queryable } from '../../db/client';
import { bundleWorkflowProductImages, bundleWorkflowProducts } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { requireOwnedRun } from '../../leaves/ownership/lookups';
import { queueGenerateJobs } from '../../leaves/queue/generate-jobs';
import { logGeneral } from '../../leaves/run-log/run-log';
import { changeLocks, isLocked } from '../review/locked-fields';
import { topProductIds } from '../search-data/priorities';

/** The field's text, or null when it is not locked. */
function clearUnlessLocked(field: CopyFieldName, column: AnyPgColumn) {
  return sql`case when ${isLocked(field)} then ${column} else null end`;
}

const columnOf = (key: string) =>
  bundleWorkflowProducts[key as keyof typeof bundleWorkflowProducts] as AnyPgColumn;

export async function regenerateProducts(
  db: Database,
  ownerId: string,
  bundleWorkflowId: number,
  bundleWorkflowProductIds?: number[],
  lockFields: CopyFieldName[] = [],
  onlyTop?: number,
): Promise<number> {
  const { run } = await requireOwnedRun(db, ownerId, bundleWorkflowId);
  const ids =
    onlyTop === undefined
      ? bundleWorkflowProductIds
      : await onlyTopIds(db, run.bundleId, bundleWorkflowId, bundleWorkflowProductIds, onlyTop);
  return db.transaction(async (tx) => {
    const inRun = eq(bundleWorkflowProducts.bundleWorkflowId, bundleWorkflowId);
    const chosen = ids
      ? and(inRun, inArray(bundleWorkflowProducts.id, ids))
      : and(inRun, eq(bundleWorkflowProducts.status, 'failed'));
    if (ids && lockFields.length > 0) await lockChosen(tx, chosen, lockFields);
    const reset = await resetChosen(tx, chosen);
    if (ids && reset.length !== new Set(ids).size) {
      throw new AppError('unknown_bundle', 'Some of those products are not in this run.');
    }
    if (reset.length === 0) return 0;
    const clearAltTexts = reset.filter((row) => !row.lockedFields.includes('alt_texts')).map((row) => row.id);
    if (clearAltTexts.length > 0) {
      await tx
        .update(bundleWorkflowProductImages)
        .set({ altText: null })
        .where(inArray(bundleWorkflowProductImages.bundleWorkflowProductId, clearAltTexts));
    }
    for (const row of reset) {
      await logGeneral(
        tx,
        { bundleWorkflowId, productId: row.productId },
        'Regeneration requested',
        row.lockedFields.length > 0 ? { locked_fields: row.lockedFields } : {},
      );
    }
    return queueGenerateJobs(
      tx,
      reset.map((row) => row.id),
    );
  });
}

/** The products only_top chooses, refused beside a list of its own or when no product has missed clicks. */
async function onlyTopIds(
  db: Database,
  bundleId: number,
  bundleWorkflowId: number,
  bundleWorkflowProductIds: number[] | undefined,
  onlyTop: number,
): Promise<number[]> {
  if (bundleWorkflowProductIds)
    throw new AppError('bad_input', 'Give bundle_workflow_product_ids or only_top, not both.');
  const ids = await topRunProductIds(db, bundleId, bundleWorkflowId, onlyTop);
  if (ids.length === 0) {
    throw new AppError(
      'bad_input',
      "only_top: none of this run's products has missed clicks; import Search Console data first.",
    );
  }
  return ids;
}

/** "Keep my edits": the chosen products' fields locked before they are cleared. */
async function lockChosen(tx: Queryable, chosen: SQL | undefined, lockFields: CopyFieldName[]) {
  const inThisRun = await tx
    .select({ id: bundleWorkflowProducts.id })
    .from(bundleWorkflowProducts)
    .where(chosen);
  await changeLocks(
    tx,
    inThisRun.map((row) => row.id),
    lockFields,
    true,
  );
}

/** The chosen products queued again, their unlocked fields cleared. */
function resetChosen(tx: Queryable, chosen: SQL | undefined) {
  return tx
    .update(bundleWorkflowProducts)
    .set({
      status: 'queued',
      progress: 0,
      error: null,
      ...keyedOf(generatedTextFields(COPY_FIELD_REGISTRY), (field) =>
        clearUnlessLocked(field.name as CopyFieldName, columnOf(field.key)),
      ),
      // New copy goes back for review.
      reviewState: 'pending',
    })
    .where(chosen)
    .returning({
      id: bundleWorkflowProducts.id,
      productId: bundleWorkflowProducts.productId,
      lockedFields: bundleWorkflowProducts.lockedFields,
    });
}

/** The run's products among the bundle's top N by missed clicks (only_top; docs/search-data.md). */
async function topRunProductIds(db: Database, bundleId: number, bundleWorkflowId: number, n: number) {
  const top = await topProductIds(db, bundleId, n);
  if (top.length === 0) return [];
  const rows = await db
    .select({ id: bundleWorkflowProducts.id })
    .from(bundleWorkflowProducts)
    .where(
      and(
        eq(bundleWorkflowProducts.bundleWorkflowId, bundleWorkflowId),
        inArray(bundleWorkflowProducts.productId, top),
      ),
    );
  return rows.map((row) => row.id);
}
