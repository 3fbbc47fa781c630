// The currency of a JSON-LD export's offers, decided before the file starts: the one the request names (asked
// for by the export dialog, and kept on the bundle for the next export), else the bundle's, else the connected
// store's (Shopify's shop currency), and a price whose own cell named its currency keeps it (price-text.ts).
// A run with prices none of these can place is refused with a 400 naming `currency`, rather than written
// with offers that lack priceCurrency or with no offers at all.
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { computedRow, rawRows } from '../../db/raw-rows';
import { bundles } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';

type Bundle = { id: number; currency: string | null };

export const CURRENCY_NEEDED =
  'currency is needed: the products have prices, but neither the file, the bundle nor a connected store names their currency. Send currency (an ISO 4217 code such as EUR or USD).';

export async function offerCurrency(
  db: Queryable,
  bundle: Bundle,
  bundleWorkflowId: number,
  asked: string | undefined,
): Promise<string | null> {
  if (asked) {
    if (bundle.currency === null)
      await db.update(bundles).set({ currency: asked }).where(eq(bundles.id, bundle.id));
    return asked;
  }
  const known = await knownCurrency(db, bundle, bundleWorkflowId);
  if (known.currency) return known.currency;
  if (known.unplaced) throw new AppError('bad_input', CURRENCY_NEEDED);
  return null;
}

/**
 * The currency an export would use without being told one (the bundle's, else a connected store's), and
 * whether some price would be left without one: export-checks asks for it before the export does.
 */
export async function knownCurrency(
  db: Queryable,
  bundle: Bundle,
  bundleWorkflowId: number,
): Promise<{ currency: string | null; unplaced: boolean }> {
  const [found] = await rawRows(
    db,
    computedRow({ store_currency: z.string().nullable(), unplaced: z.boolean() }),
    sql`
    select
      (select min(s.currency) from stores s join store_products sp on sp.store_id = s.id
         join bundle_workflow_products b on b.product_id = sp.product_id
       where b.bundle_workflow_id = ${bundleWorkflowId} and s.currency is not null
       having count(distinct s.currency) = 1) as store_currency,
      exists(
        select 1 from bundle_workflow_products b join products p on p.id = b.product_id
        where b.bundle_workflow_id = ${bundleWorkflowId}
          and p.store_copy->'offer'->>'price' is not null
          and p.store_copy->'offer'->>'currency' is null) as unplaced`,
  );
  const currency = bundle.currency ?? found?.store_currency ?? null;
  return { currency, unplaced: currency === null && found?.unplaced === true };
}
