// A run's products a product with its variants at a time, read a page at a time (keyset by product, then
// variant), for the passes over a whole run that need each group together.
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import type { Queryable } from '../../db/client';
import { runProductPage } from '../runs/run-query';
import { asGroup, type ProductGroup } from './product-keys';

export async function* runGroups(
  db: Queryable,
  bundleWorkflowId: number,
  pageSize: number,
): AsyncGenerator<ProductGroup<BundleWorkflowProduct>> {
  const keyOf = (product: BundleWorkflowProduct) => product.is_multiple_of ?? product.id;
  let open: BundleWorkflowProduct[] = [];
  let after: { group: number; id: number } | null = null;
  for (;;) {
    const page = await runProductPage(db, bundleWorkflowId, { grouped: true, after, limit: pageSize });
    if (page.length === 0) break;
    const last = page.at(-1)!;
    after = { group: keyOf(last), id: last.id };
    for (const product of page) {
      // A group may span two pages: it is yielded once the next group starts.
      if (open.length > 0 && keyOf(open[0]!) !== keyOf(product)) {
        yield asGroup(open);
        open = [];
      }
      open.push(product);
    }
  }
  if (open.length > 0) yield asGroup(open);
}
