// The view's shaping: the rows its statement returns, and how they become the products, the totals and the
// paging of a view-bundle-workflow answer. No query here (run-query.ts reads the rows, run-cursor.ts says
// what changed).

import { z } from 'zod';
import type { BundleWorkflowProduct, ImageDetail, RunTotals } from '../../../common/contract/entities';
import type { FunctionResponse, StoreImportView } from '../../../common/contract/functions';
import type { LanguageCount } from '../../../common/contract/language';
import type { GeneratedTextKey } from '../../../common/copy-fields/registry';
import { computedRow, type SqlRow } from '../../db/raw-rows';
import type { bundles, bundleWorkflowProducts, bundleWorkflows, products } from '../../db/schema';
import { catalogueLanguageFrom } from '../bundles/bundle-language';

/** The run's counts and cost, as totalsSql returns them. */
export const totalsRow = computedRow({
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  cost: z.number(),
  cost_unknown: z.boolean(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  cached_tokens: z.number(),
  reserved_cost: z.number(),
});
export type TotalsRow = z.infer<typeof totalsRow>;

/** One product with its images, as runProductsSql returns it: the schema's columns under their SQL names. */
export type ProductRow = SqlRow<
  Pick<
    typeof bundleWorkflowProducts.$inferSelect,
    | 'id'
    | 'productId'
    | 'bundleWorkflowId'
    | GeneratedTextKey
    | 'progress'
    | 'status'
    | 'error'
    | 'urlSuggestionLevel'
    | 'urlSuggestion'
    | 'isMultipleOf'
    | 'reviewState'
    | 'problems'
    | 'translations'
    | 'lockedFields'
    | 'version'
  >
> &
  SqlRow<Pick<typeof products.$inferSelect, 'details' | 'storeCopy'>> & {
    /** Timestamps as ISO text (to_char in the SQL), as the contract answers them. */
    created_at: string;
    updated_at: string;
    image_details: ImageDetail[] | null;
    /** Names, as the review shows them: the last person to edit the copy, and who set the review state. */
    edited_by: string | null;
    reviewed_by: string | null;
    reviewed_at: string | null;
  };

/** The run and what its ETag is made of, as runHeadSql returns it (versions and ids as text, for the ETag). */
export type RunHead = SqlRow<Pick<typeof bundleWorkflows.$inferSelect, 'pausedReason'>> & {
  bundle_workflow_id: (typeof bundleWorkflows.$inferSelect)['id'];
  bundle_name: (typeof bundles.$inferSelect)['name'];
  /** numeric as text (`::text` in the SQL); row_to_json may hand a number. */
  spending_cap_usd: string | number | null;
  language: string | null;
  language_source: string | null;
  language_confidence: number | null;
  language_mix: LanguageCount[] | null;
  run_version: string;
  max_version: string | null;
  last_log: string | null;
  snapshot_xmin: string;
  store_import: StoreImportView | null;
};

export function toTotals(row: TotalsRow): RunTotals {
  return {
    total: row.total,
    done: row.done,
    failed: row.failed,
    cost: Number(row.cost),
    ...(row.cost_unknown ? { cost_unknown: true } : {}),
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    ...(row.cached_tokens > 0 ? { cached_tokens: row.cached_tokens } : {}),
    reserved_cost: Number(row.reserved_cost),
  };
}

export function toProduct({
  details,
  image_details,
  translations,
  ...row
}: ProductRow): BundleWorkflowProduct {
  return {
    ...row,
    ...(translations ? { translations } : {}),
    product_details: {
      product_name: details.product_name ?? null,
      colour: details.colour ?? null,
      dimensions: details.dimensions ?? null,
      brand: details.brand ?? null,
      range: details.range ?? null,
      use_case: details.use_case ?? null,
      url: details.url ?? null,
      ...details,
    },
    image_details: image_details ?? [],
  };
}

type ViewAnswer = FunctionResponse<'view-bundle-workflow'>;

/**
 * The answer's body from one statement's rows. A since answer holds at most `limit` products (the statement
 * read one more, to tell whether more changed); a page says where the next one starts.
 */
export function shapeAnswer(
  rows: { head: RunHead; totals: TotalsRow; products: ProductRow[] | null },
  page: { since: boolean; limit: number; offset: number },
  extra: Pick<ViewAnswer, 'cursor' | 'batches' | 'estimate'>,
): ViewAnswer {
  const { head } = rows;
  const totals = toTotals(rows.totals);
  let list = (rows.products ?? []).map(toProduct);
  let hasMore: boolean;
  let nextOffset: number | null = null;
  if (page.since) {
    hasMore = list.length > page.limit;
    if (hasMore) list = list.slice(0, page.limit);
  } else {
    hasMore = list.length > 0 && page.offset + list.length < totals.total;
    nextOffset = hasMore ? page.offset + list.length : null;
  }
  return {
    bundle_workflow_id: head.bundle_workflow_id,
    bundle_name: head.bundle_name,
    paused_reason: head.paused_reason,
    spending_cap_usd: head.spending_cap_usd === null ? null : Number(head.spending_cap_usd),
    language: catalogueLanguageFrom(head),
    ...(head.store_import ? { store_import: head.store_import } : {}),
    totals,
    products: list,
    cursor: extra.cursor,
    has_more: hasMore,
    next_offset: nextOffset,
    batches: extra.batches,
    ...(extra.estimate ? { estimate: extra.estimate } : {}),
  };
}
