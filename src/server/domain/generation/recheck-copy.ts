// The copy checks again after a person changed a product's copy (an edit or a restore): the stored problems
// are always the check of the copy as it stands, so the screen never flags what the server passed, nor
// passes what it would flag.
import { asc, eq, sql } from 'drizzle-orm';
import { copyFromRow } from '../../../common/copy-fields/shapes';
import type { Queryable } from '../../db/client';
import { bundleWorkflowProductImages } from '../../db/schema';
import type { CopyFields } from '../../leaves/ai/copy-writer';
import { toStoredProblems } from './check-copy';
import { findDuplicateProblems } from './distinct-copy';
import { finalProblems } from './generate-product';
import { loadProduct } from './product-store';

/** Checks the product's saved copy as generation would and stores the result; updated_at stays as it is. */
export async function recheckSavedCopy(db: Queryable, bundleWorkflowProductId: number): Promise<void> {
  const context = await loadProduct(db, bundleWorkflowProductId);
  if (context?.row.status !== 'done') return;
  const images = await db
    .select({ altText: bundleWorkflowProductImages.altText })
    .from(bundleWorkflowProductImages)
    .where(eq(bundleWorkflowProductImages.bundleWorkflowProductId, bundleWorkflowProductId))
    .orderBy(asc(bundleWorkflowProductImages.position));
  const { row } = context;
  const copy: CopyFields = copyFromRow(
    row,
    images.map((image) => image.altText ?? ''),
  );
  const problems = [
    ...finalProblems(context, copy),
    ...toStoredProblems(await findDuplicateProblems(db, row, copy, context.details)),
  ];
  await db.execute(sql`
    update bundle_workflow_products set problems = ${JSON.stringify(problems)}::jsonb
    where id = ${bundleWorkflowProductId}`);
}
