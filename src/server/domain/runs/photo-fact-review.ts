// set-photo-fact: a reviewer accepts (or takes back) one fact a model that sees found in a photo (decision
// 044). Accepted, the copy check reads it as product data; the product's stored check is made again at once, so
// the review drawer shows the check as it now stands.
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import type { ParsedFunctionRequest } from '../../../common/contract/functions';
import type { Database } from '../../db/client';
import { AppError } from '../../leaves/app-error/app-error';
import { requireOwnedImage } from '../../leaves/ownership/lookups';
import { logGeneral } from '../../leaves/run-log/run-log';
import { setPhotoFactAccepted } from '../generation/photo-facts';
import { recheckSavedCopy } from '../generation/recheck-copy';
import { runProducts } from './run-query';

export async function setPhotoFact(
  db: Database,
  ownerId: string,
  input: ParsedFunctionRequest<'set-photo-fact'>,
): Promise<BundleWorkflowProduct> {
  const { image, row } = await requireOwnedImage(db, ownerId, input.bundle_workflow_products_image_id);
  const fact = { name: input.name, value: input.value };
  await db.transaction(async (tx) => {
    if (!(await setPhotoFactAccepted(tx, image.id, fact, input.accepted))) {
      throw new AppError(
        'bad_input',
        `name: image ${image.position + 1} has no photo fact "${fact.name}: ${fact.value}"; its facts are in image_details[].photo_facts.`,
      );
    }
    await recheckSavedCopy(tx, row.id);
    await logGeneral(
      tx,
      { bundleWorkflowId: row.bundleWorkflowId, productId: row.productId },
      input.accepted ? 'Photo fact accepted' : 'Photo fact taken back',
      { image: image.position + 1, ...fact },
    );
  });
  const [product] = await runProducts(db, row.bundleWorkflowId, row.id);
  return product!;
}
