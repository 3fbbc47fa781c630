// check-export: what an export would lack, answered before the download so that the export dialog can ask
// for it or warn. The structured data's offers need a currency (offer-currency.ts). A Merchant Center item
// needs a product identifier (a GTIN, or brand and MPN) or identifier_exists set to no, and the feed's ids
// default to SKU, so an item without SKU, GTIN or MPN is either disapproved or has no row at all
// (docs/store-formats.md §c).
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import type { FunctionResponse, ParsedFunctionRequest } from '../../../common/contract/functions';
import type { Queryable } from '../../db/client';
import { requireOwnedRun } from '../../leaves/ownership/lookups';
import { knownCurrency } from './offer-currency';
import { isSellable, productSku } from './product-keys';
import { runGroups } from './run-groups';

type Checks = FunctionResponse<'check-export'>;
type Identifiers = Omit<Checks['merchant'], 'warning'>;

const CHECK_PAGE_SIZE = 1_000;

export async function checkExport(
  db: Queryable,
  ownerId: string,
  input: ParsedFunctionRequest<'check-export'>,
  pageSize = CHECK_PAGE_SIZE,
): Promise<Checks> {
  const { bundle, run } = await requireOwnedRun(db, ownerId, input.bundle_workflow_id);
  const currency = await knownCurrency(db, bundle, run.id);
  const identifiers = await countIdentifiers(db, run.id, pageSize);
  return {
    currency: currency.currency,
    currency_needed: currency.unplaced,
    merchant: { ...identifiers, warning: merchantWarning(identifiers) },
  };
}

const hasIdentifier = (product: BundleWorkflowProduct) =>
  productSku(product) !== '' ||
  Boolean(product.store_copy?.offer?.gtin) ||
  Boolean(product.product_details.mpn?.trim());

/** The feed's items (each sellable product or variant, as the Merchant writer counts them) and those with no identifier. */
async function countIdentifiers(
  db: Queryable,
  bundleWorkflowId: number,
  pageSize: number,
): Promise<Identifiers> {
  let items = 0;
  let without = 0;
  for await (const group of runGroups(db, bundleWorkflowId, pageSize)) {
    for (const member of group.members) {
      if (!isSellable(member, group)) continue;
      items += 1;
      if (!hasIdentifier(member)) without += 1;
    }
  }
  return { items, without_identifiers: without };
}

export function merchantWarning({ items, without_identifiers: without }: Identifiers): string | null {
  if (without === 0) return null;
  const share = without === items ? `All ${items}` : `${without} of ${items}`;
  return (
    `${share} products and variants ${without === 1 ? 'has' : 'have'} no SKU, GTIN (barcode) or MPN. Merchant Center needs a product ` +
    'identifier (a GTIN, or brand and MPN) or identifier_exists set to "no" in your main feed, and with item ' +
    'ids by SKU these items get no row: add the identifiers in your store, or upload your main feed to take ' +
    'its ids.'
  );
}
