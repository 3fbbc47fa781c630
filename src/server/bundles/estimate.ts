// estimate-cost: what a run would cost, for a bundle that exists or a list not yet sent.
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { FunctionResponse, ParsedFunctionRequest } from '../../common/functions';
import type { BundleSettings } from '../ai/copy-writer';
import { OFFLINE_MODEL, writeOfflineCopy } from '../ai/offline-writer';
import { ownPriceOf } from '../ai/pricing';
import { countTokens } from '../ai/tokens';
import type { Queryable } from '../db/client';
import { computedRow, rawRows, rowOf } from '../db/raw-rows';
import { bundles, products } from '../db/schema';
import { DEFAULT_REPAIR_RATE, estimateRunCost, type RepairShare } from '../generation/estimate-run-cost';
import { anyBundleOf } from '../ownership/conditions';
import { requireOwnedBundle } from '../ownership/lookups';
import { findVisibleWorkflow } from '../workflows/workflow-access';
import { variantLinksOf } from './create-bundle';
import { type ParsedProduct, parseProductList } from './parse-product-list';

export async function estimateCost(
  db: Queryable,
  ownerId: string,
  input: ParsedFunctionRequest<'estimate-cost'>,
  /** The list already parsed off the event loop (src/server/functions/import-pool.ts). */
  parsed?: ParsedProduct[],
): Promise<FunctionResponse<'estimate-cost'>> {
  const workflow = await findVisibleWorkflow(db, ownerId, input.workflow_id);

  let list: ParsedProduct[];
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
  const answerScale = await measuredAnswerScale(db, ownerId);
  const estimate = estimateRunCost({
    model: workflow.model,
    templates: workflow.promptTemplates,
    products: list,
    parentOf: variantLinksOf(list),
    settings,
    voice: {
      language: workflow.language,
      bannedPhrases: workflow.bannedPhrases ?? [],
      protectedTerms: workflow.protectedTerms ?? [],
      voiceNotes: workflow.voiceNotes ?? '',
    },
    batch: workflow.batch,
    ...(repairShare ? { repairRate: repairShare.rate, repairShare } : { repairRate: DEFAULT_REPAIR_RATE }),
    ownPrice: ownPriceOf(workflow),
    ...(answerScale ? { answerScale } : {}),
  });
  return {
    model: estimate.model,
    products: estimate.products,
    prompt_tokens: estimate.prompt_tokens,
    completion_tokens: estimate.completion_tokens,
    cost_usd: estimate.cost_usd,
    repair_rate: estimate.repair_rate,
    sampled: estimate.sampled,
    first_call_prompt_tokens: estimate.first_call_prompt_tokens,
    tokenizer: estimate.tokenizer,
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
// Past runs count whether or not their bundle has since been deleted.
const b = alias(bundles, 'b');

const repairRow = computedRow({
  products: z.number(),
  repaired: z.number(),
  first_prompt: z.number(),
  first_completion: z.number(),
  repair_prompt: z.number(),
  repair_completion: z.number(),
});
const answerRow = rowOf(products, ['details'], {
  image_count: z.number(),
  completion_tokens: z.number(),
  model: z.string(),
  /** bundles.custom_fields, as the writer reads it. */
  settings: z.custom<BundleSettings>((value) => typeof value === 'object' && value !== null),
});

export async function measuredRepairShare(db: Queryable, ownerId: string): Promise<RepairShare | null> {
  const rows = await rawRows(
    db,
    repairRow,
    sql`
    with recent as (
      select p.bundle_workflow_id, p.product_id
      from bundle_workflow_products p
      join bundle_workflows bw on bw.id = p.bundle_workflow_id
      join bundles b on b.id = bw.bundle_id
      join workflows w on w.id = bw.workflow_id
      where ${anyBundleOf(ownerId, b)} and p.status = 'done' and w.model <> ${OFFLINE_MODEL}
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
    from calls`,
  );
  const found = rows[0];
  if (!found || found.products < MIN_REPAIR_SAMPLE || !found.first_prompt || !found.first_completion)
    return null;
  return {
    rate: found.repaired / found.products,
    prompt: found.repair_prompt / found.first_prompt,
    completion: found.repair_completion / found.first_completion,
  };
}

/** First answers the answer length is measured over: the user's most recent ones (about 50 ms to re-count). */
const ANSWER_SAMPLE = 100;

/**
 * How long the user's models really answer, as a share of the stand-in the estimate counts (the offline
 * writer's copy of the same product): their recent first answers' completion tokens over the stand-in's tokens
 * for those products. Null when there are too few answers to tell.
 */
export async function measuredAnswerScale(db: Queryable, ownerId: string): Promise<number | null> {
  const rows = await rawRows(
    db,
    answerRow,
    sql`
    select p.details, jsonb_array_length(p.image_urls)::int as image_count, l.completion_tokens,
           w.model, b.custom_fields as settings
    from logs l
    join bundle_workflows bw on bw.id = l.bundle_workflow_id
    join bundles b on b.id = bw.bundle_id
    join workflows w on w.id = bw.workflow_id
    join products p on p.id = l.product_id
    where ${anyBundleOf(ownerId, b)} and l.type = 'ai' and l.call_state = 'settled' and l.event = 'Copy written'
      and w.model <> ${OFFLINE_MODEL} and l.completion_tokens > 0
    order by l.id desc
    limit ${ANSWER_SAMPLE}`,
  );
  if (rows.length < MIN_REPAIR_SAMPLE) return null;
  let answered = 0;
  let standIn = 0;
  for (const row of rows) {
    answered += row.completion_tokens;
    const copy = writeOfflineCopy({
      model: OFFLINE_MODEL,
      product: row.details,
      imageCount: row.image_count,
      settings: row.settings,
    }).copy;
    standIn += countTokens(JSON.stringify(copy), row.model);
  }
  return standIn > 0 ? answered / standIn : null;
}
