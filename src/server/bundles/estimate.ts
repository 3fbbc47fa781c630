// estimate-cost: what a run would cost, for a bundle that exists or a list not yet sent.
import { asc, eq, sql } from 'drizzle-orm';
import type { FunctionResponse, ParsedFunctionRequest } from '../../common/functions';
import { OFFLINE_MODEL } from '../ai/offline-writer';
import { ownPriceOf } from '../ai/pricing';
import type { Queryable } from '../db/client';
import { products } from '../db/schema';
import { DEFAULT_REPAIR_RATE, estimateRunCost, type RepairShare } from '../generation/estimate-run-cost';
import { findVisibleWorkflow } from '../workflows/workflow-access';
import { requireOwnedBundle } from './bundle-access';
import { type ParsedProduct, parseProductList } from './parse-product-list';

export async function estimateCost(
  db: Queryable,
  ownerId: string,
  input: ParsedFunctionRequest<'estimate-cost'>,
  /** The list already parsed off the event loop (src/server/functions/import-pool.ts). */
  parsed?: ParsedProduct[],
): Promise<FunctionResponse<'estimate-cost'>> {
  const workflow = await findVisibleWorkflow(db, ownerId, input.workflow_id);

  let list: { position: number; details: Record<string, string | null>; imageUrls: string[] }[];
  let settings = { keywords: '', business_type: '', tone_of_voice: '' };
  if (input.bundle_id !== undefined) {
    const bundle = await requireOwnedBundle(db, ownerId, input.bundle_id);
    settings = bundle.customFields;
    list = await db
      .select({ position: products.position, details: products.details, imageUrls: products.imageUrls })
      .from(products)
      .where(eq(products.bundleId, bundle.id))
      .orderBy(asc(products.position));
  } else {
    list = parsed ?? parseProductList(input.raw_csv ?? '', input.columns ?? []);
    if (input.custom_fields) settings = input.custom_fields;
  }
  const repairShare = await measuredRepairShare(db, ownerId);
  const estimate = estimateRunCost({
    model: workflow.model,
    templates: workflow.promptTemplates,
    products: list,
    settings,
    batch: workflow.batch,
    ...(repairShare ? { repairRate: repairShare.rate, repairShare } : { repairRate: DEFAULT_REPAIR_RATE }),
    ownPrice: ownPriceOf(workflow),
  });
  return {
    model: estimate.model,
    products: estimate.products,
    prompt_tokens: estimate.prompt_tokens,
    completion_tokens: estimate.completion_tokens,
    cost_usd: estimate.cost_usd,
    repair_rate: estimate.repair_rate,
  };
}

/** Products the repair share is measured over: the user's most recently finished ones. */
const REPAIR_SAMPLE = 500;
/** Fewer finished products than this say too little; the default is used instead. */
const MIN_REPAIR_SAMPLE = 10;

/**
 * From the user's recently finished AI-written products: the share that took a repair call ('Copy repaired'),
 * and the repair calls' prompt and completion tokens as a share of the first calls' ('Copy written'). Null when
 * there are too few products to tell.
 */
export async function measuredRepairShare(db: Queryable, ownerId: string): Promise<RepairShare | null> {
  const { rows } = await db.execute<{
    products: number;
    repaired: number;
    first_prompt: number;
    first_completion: number;
    repair_prompt: number;
    repair_completion: number;
  }>(sql`
    with recent as (
      select p.bundle_workflow_id, p.product_id
      from bundle_workflow_products p
      join bundle_workflows bw on bw.id = p.bundle_workflow_id
      join bundles b on b.id = bw.bundle_id
      join workflows w on w.id = bw.workflow_id
      where b.owner_id = ${ownerId} and p.status = 'done' and w.model <> ${OFFLINE_MODEL}
      order by p.updated_at desc
      limit ${REPAIR_SAMPLE}),
    calls as (
      select l.product_id, l.bundle_workflow_id, l.event, l.prompt_tokens, l.completion_tokens
      from logs l join recent r on r.bundle_workflow_id = l.bundle_workflow_id and r.product_id = l.product_id
      where l.type = 'ai' and l.call_state = 'settled' and l.event in ('Copy written', 'Copy repaired'))
    select (select count(*) from recent)::int as products,
      count(distinct (bundle_workflow_id, product_id)) filter (where event = 'Copy repaired')::int as repaired,
      coalesce(sum(prompt_tokens) filter (where event = 'Copy written'), 0)::float8 as first_prompt,
      coalesce(sum(completion_tokens) filter (where event = 'Copy written'), 0)::float8 as first_completion,
      coalesce(sum(prompt_tokens) filter (where event = 'Copy repaired'), 0)::float8 as repair_prompt,
      coalesce(sum(completion_tokens) filter (where event = 'Copy repaired'), 0)::float8 as repair_completion
    from calls`);
  const found = rows[0];
  if (!found || found.products < MIN_REPAIR_SAMPLE || !found.first_prompt || !found.first_completion)
    return null;
  return {
    rate: found.repaired / found.products,
    prompt: found.repair_prompt / found.first_prompt,
    completion: found.repair_completion / found.first_completion,
  };
}
