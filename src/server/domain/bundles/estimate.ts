// estimate-cost: what a run would cost, for a bundle that exists or a list not yet sent.
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { FunctionResponse, ParsedFunctionRequest } from '../../../common/contract/functions';
import type { CatalogueLanguage } from '../../../common/contract/language';
import type { Queryable } from '../../db/client';
import { computedRow, rawRows, rowOf } from '../../db/raw-rows';
import { bundles, products } from '../../db/schema';
import type { BundleSettings } from '../../leaves/ai/copy-writer';
import { OFFLINE_MODEL, writeOfflineCopy } from '../../leaves/ai/offline-writer';
import { ownPriceOf } from '../../leaves/ai/pricing';
import { countTokens } from '../../leaves/ai/tokens';
import { catalogueLanguageOf, tallyLanguages } from '../../leaves/catalogue-language/catalogue-language';
import { anyBundleOf } from '../../leaves/ownership/conditions';
import { requireOwnedBundle } from '../../leaves/ownership/lookups';
import {
  type CostEstimate,
  DEFAULT_REPAIR_RATE,
  estimateRunCost,
  type RepairShare,
} from '../generation/estimate-run-cost';
import { standInPhotoFacts } from '../generation/product-photos';
import { type ParsedProduct, parseProductList } from '../list-import/parse-product-list';
import { findVisibleWorkflow, type WorkflowRow } from '../workflows/workflow-access';
import { catalogueLanguageFrom } from './bundle-language';
import { variantLinksOf } from './start-run';

export async function estimateCost(
  db: Queryable,
  ownerId: string,
  input: ParsedFunctionRequest<'estimate-cost'>,
  /** The list already parsed off the event loop (src/server/http/import-body/import-pool.ts). */
  parsed?: ParsedProduct[],
): Promise<FunctionResponse<'estimate-cost'>> {
  const workflow = await findVisibleWorkflow(db, ownerId, input.workflow_id);

  let list: ParsedProduct[];
  let settings = { keywords: '', business_type: '', tone_of_voice: '' };
  let language: CatalogueLanguage;
  if (input.bundle_id !== undefined) {
    const bundle = await requireOwnedBundle(db, ownerId, input.bundle_id);
    settings = bundle.customFields;
    language = catalogueLanguageFrom({
      language: bundle.language,
      language_source: bundle.languageSource,
      language_confidence: bundle.languageConfidence,
      language_mix: bundle.languageMix,
    });
    list = await db
      .select({ position: products.position, details: products.details, imageUrls: products.imageUrls })
      .from(products)
      .where(eq(products.bundleId, bundle.id))
      .orderBy(asc(products.position));
  } else {
    list = parsed ?? parseProductList(input.raw_csv ?? '', input.columns ?? []);
    if (input.custom_fields) settings = input.custom_fields;
    language = catalogueLanguageOf(tallyLanguages(list));
  }
  const estimate = await estimateWorkflowRun(db, ownerId, workflow, list, settings, {
    catalogueLanguage: language.language,
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
    language,
  };
}

/** The runs a measure is narrowed to, when it is. */
function onlyRuns(runIds: readonly number[] | undefined): SQL {
  return runIds ? sql`and bw.id = any(${sql.param([...runIds])}::int[])` : sql``;
}

/**
 * Where a run's measures come from: `measuredRuns`' finished products, `remaining` products only (by
 * position), and the catalogue's language for a workflow that names none.
 */
export type RunMeasures = {
  measuredRuns?: readonly number[];
  remaining?: ReadonlySet<number>;
  catalogueLanguage?: string | null;
};

/**
 * What a run of `workflow` over `list` would cost: repairs and answer lengths measured from `measuredRuns` when
 * given (a run's own finished products, a trial's run), else from the user's recent runs, else the prior. With
 * `remaining`, only those products (by position) are counted.
 */
export async function estimateWorkflowRun(
  db: Queryable,
  ownerId: string,
  workflow: WorkflowRow,
  list: ParsedProduct[],
  settings: BundleSettings,
  { measuredRuns, remaining, catalogueLanguage = null }: RunMeasures = {},
): Promise<CostEstimate> {
  const repairShare = await measuredRepairShare(db, ownerId, workflow.model, measuredRuns);
  const answerScale = await measuredAnswerScale(db, ownerId, measuredRuns);
  const estimate = estimateRunCost({
    model: workflow.model,
    templates: workflow.promptTemplates,
    products: list,
    parentOf: variantLinksOf(list),
    settings,
    voice: {
      // As the run's prompts name it (generate-product.ts): the workflow's, else the catalogue's.
      language: workflow.language ?? catalogueLanguage,
      bannedPhrases: workflow.bannedPhrases ?? [],
      protectedTerms: workflow.protectedTerms ?? [],
      voiceNotes: workflow.voiceNotes ?? '',
    },
    batch: workflow.batch,
    ...(workflow.seesImages
      ? { photos: { detail: workflow.imageDetail, maxImages: workflow.maxImages } }
      : {}),
    ...(repairShare ? { repairShare } : { repairRate: DEFAULT_REPAIR_RATE }),
    ownPrice: ownPriceOf(workflow),
    ...(answerScale ? { answerScale } : {}),
    ...(remaining ? { remaining } : {}),
  });
  // Each further language is a pass of its own over every product, as long as the first language's.
  const passes = 1 + workflow.moreLanguages.length;
  return {
    ...estimate,
    prompt_tokens: estimate.prompt_tokens * passes,
    completion_tokens: estimate.completion_tokens * passes,
    first_call_prompt_tokens: estimate.first_call_prompt_tokens * passes,
    cost_usd: estimate.cost_usd === null ? null : estimate.cost_usd * passes,
  };
}

/** Products the repair share is measured over: the user's most recently finished ones. */
const REPAIR_SAMPLE = 500;
/** Fewer finished products than this say too little; a wider measure (or the default) is used instead. */
const MIN_REPAIR_SAMPLE = 10;

/**
 * From the user's recently finished AI-written products: the share that took a repair call ('Copy repaired'),
 * for variants and for products of their own, each from the narrowest measure with enough products (this
 * kind on `model`, this kind on any model, every product); and the repair calls' prompt and completion tokens as a share of the
 * same products' first calls' ('Copy written'). Null when there are too few products to tell.
 */
// Past runs count whether or not their bundle has since been deleted.
const b = alias(bundles, 'b');

const repairRow = computedRow({
  variant: z.boolean(),
  same_model: z.boolean(),
  products: z.number(),
  repaired: z.number(),
  repaired_first_prompt: z.number(),
  repaired_first_completion: z.number(),
  repair_prompt: z.number(),
  repair_completion: z.number(),
});
type RepairRow = z.infer<typeof repairRow>;
const answerRow = rowOf(products, ['details'], {
  image_count: z.number(),
  completion_tokens: z.number(),
  photos_sent: z.number(),
  model: z.string(),
  /** bundles.custom_fields, as the writer reads it. */
  settings: z.custom<BundleSettings>((value) => typeof value === 'object' && value !== null),
});

export async function measuredRepairShare(
  db: Queryable,
  ownerId: string,
  model: string,
  /** Measure these runs only (a run's own first products, a trial's run), not the user's recent ones. */
  runIds?: readonly number[],
): Promise<RepairShare | null> {
  const rows = await rawRows(
    db,
    repairRow,
    sql`
    with recent as (
      select p.bundle_workflow_id, p.product_id, p.is_multiple_of is not null as variant,
             w.model = ${model} as same_model
      from bundle_workflow_products p
      join bundle_workflows bw on bw.id = p.bundle_workflow_id
      join bundles b on b.id = bw.bundle_id
      join workflows w on w.id = bw.workflow_id
      where ${anyBundleOf(ownerId, b)} and p.status = 'done' and w.model <> ${OFFLINE_MODEL} ${onlyRuns(runIds)}
      order by p.updated_at desc
      limit ${REPAIR_SAMPLE}),
    per_product as (
      select r.variant, r.same_model,
        coalesce(sum(l.prompt_tokens) filter (where l.event = 'Copy written'), 0) as first_prompt,
        coalesce(sum(l.completion_tokens) filter (where l.event = 'Copy written'), 0) as first_completion,
        coalesce(sum(l.prompt_tokens) filter (where l.event = 'Copy repaired'), 0) as repair_prompt,
        coalesce(sum(l.completion_tokens) filter (where l.event = 'Copy repaired'), 0) as repair_completion,
        count(l.id) filter (where l.event = 'Copy repaired') > 0 as repaired
      from recent r
      left join logs l on l.bundle_workflow_id = r.bundle_workflow_id and l.product_id = r.product_id
        and l.type = 'ai' and l.call_state = 'settled' and l.event in ('Copy written', 'Copy repaired')
      group by r.bundle_workflow_id, r.product_id, r.variant, r.same_model)
    select variant, same_model, count(*)::int as products, count(*) filter (where repaired)::int as repaired,
      coalesce(sum(first_prompt) filter (where repaired), 0)::float8 as repaired_first_prompt,
      coalesce(sum(first_completion) filter (where repaired), 0)::float8 as repaired_first_completion,
      coalesce(sum(repair_prompt), 0)::float8 as repair_prompt,
      coalesce(sum(repair_completion), 0)::float8 as repair_completion
    from per_product group by variant, same_model`,
  );
  return repairShareOf(rows);
}

/** The blended shares of measuredRepairShare, from its rows (one per kind of product and model match). */
export function repairShareOf(rows: readonly RepairRow[]): RepairShare | null {
  const total = (pick: (row: RepairRow) => boolean) => {
    const picked = rows.filter(pick);
    return {
      products: picked.reduce((sum, row) => sum + row.products, 0),
      repaired: picked.reduce((sum, row) => sum + row.repaired, 0),
    };
  };
  const all = total(() => true);
  if (all.products < MIN_REPAIR_SAMPLE) return null;
  // The narrowest measure that has enough products: this kind on this model, this kind on any, all products.
  const rateOf = (variant: boolean) => {
    for (const measure of [
      total((row) => row.variant === variant && row.same_model),
      total((row) => row.variant === variant),
      all,
    ]) {
      if (measure.products >= MIN_REPAIR_SAMPLE) return measure.repaired / measure.products;
    }
    return DEFAULT_REPAIR_RATE;
  };
  const sum = (key: keyof RepairRow) => rows.reduce((total, row) => total + Number(row[key]), 0);
  const firstPrompt = sum('repaired_first_prompt');
  const firstCompletion = sum('repaired_first_completion');
  return {
    variantRate: rateOf(true),
    productRate: rateOf(false),
    prompt: firstPrompt > 0 ? sum('repair_prompt') / firstPrompt : null,
    completion: firstCompletion > 0 ? sum('repair_completion') / firstCompletion : null,
  };
}

/** Fewer first answers than this say too little about their length; the stand-in's is used as it is. */
const MIN_ANSWER_SAMPLE = 10;

/** First answers the answer length is measured over: the user's most recent ones (about 50 ms to re-count). */
const ANSWER_SAMPLE = 100;

/**
 * How long the user's models really answer, as a share of the stand-in the estimate counts (the offline
 * writer's copy of the same product): their recent first answers' completion tokens over the stand-in's tokens
 * for those products. Null when there are too few answers to tell.
 */
export async function measuredAnswerScale(
  db: Queryable,
  ownerId: string,
  runIds?: readonly number[],
): Promise<number | null> {
  const rows = await rawRows(
    db,
    answerRow,
    sql`
    select p.details, jsonb_array_length(p.image_urls)::int as image_count, l.completion_tokens,
           coalesce((l.details #>> '{additional,images,sent}')::int, 0) as photos_sent,
           w.model, b.custom_fields as settings
    from logs l
    join bundle_workflows bw on bw.id = l.bundle_workflow_id
    join bundles b on b.id = bw.bundle_id
    join workflows w on w.id = bw.workflow_id
    join products p on p.id = l.product_id
    where ${anyBundleOf(ownerId, b)} and l.type = 'ai' and l.call_state = 'settled' and l.event = 'Copy written'
      and w.model <> ${OFFLINE_MODEL} and l.completion_tokens > 0 ${onlyRuns(runIds)}
    order by l.id desc
    limit ${ANSWER_SAMPLE}`,
  );
  if (rows.length < MIN_ANSWER_SAMPLE) return null;
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
    // A call that carried photos answered their facts too, and the estimate adds their stand-in likewise.
    const facts = standInPhotoFacts(row.photos_sent);
    standIn += countTokens(JSON.stringify(copy), row.model) + (facts ? countTokens(facts, row.model) : 0);
  }
  return standIn > 0 ? answered / standIn : null;
}
