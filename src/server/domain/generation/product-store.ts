// A product of a run as the generate-product task reads and writes it: loading it with its bundle, workflow
// and parent (with its copy once it is done); each step's log and progress; and the final save (or failure),
// which queues the product's variants in the same transaction.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type {
  CopyFieldName,
  CopyProblem as StoredProblem,
  Translations,
} from '../../../common/contract/entities';
import { generatedTextFields } from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import { copyFromRow, keyedOf } from '../../../common/copy-fields/shapes';
import type { Database, Queryable } from '../../db/client';
import { computedRow, rawRows } from '../../db/raw-rows';
import {
  bundles,
  bundleWorkflowProductImages,
  bundleWorkflowProducts,
  bundleWorkflows,
  logs,
  products,
  workflows,
} from '../../db/schema';
import type { CopyFields, WriteCopyInput } from '../../leaves/ai/copy-writer';
import { queueGenerateJobs } from '../../leaves/queue/generate-jobs';
import { generalLogEntry, type LogEntry, type LogTarget, logGeneral } from '../../leaves/run-log/run-log';
import { budgetColumns } from '../../leaves/spending-cap/month-limits';
import { differingValues } from '../../leaves/variants/detect-variants';
import { productLevelFacts } from '../../leaves/variants/product-level';
import { emitRunEventsIfSettled } from '../../leaves/webhook-events/run-events';
import { isLocked } from '../review/locked-fields';
import { insertVersion } from '../review/versions';
import { bundleTextLanguage, copyVoiceFor } from './copy-language';
import { makeDistinct } from './distinct-copy';
import { storedPhotoFacts } from './photo-facts';

const savedRow = computedRow({ saved: z.number(), variants: z.array(z.number()) });

export type ProductContext = NonNullable<Awaited<ReturnType<typeof loadProduct>>>;

export async function loadProduct(db: Queryable, id: number) {
  const [found] = await db
    .select({
      row: bundleWorkflowProducts,
      details: products.details,
      imageUrls: products.imageUrls,
      bundleId: bundles.id,
      ownerId: bundles.ownerId,
      customFields: bundles.customFields,
      spendingCapUsd: bundles.spendingCapUsd,
      budgets: budgetColumns(bundles.ownerId, bundleWorkflows.startedBy),
      bundleLanguage: bundles.language,
      bundleLanguageSource: bundles.languageSource,
      productLanguage: products.language,
      pausedReason: bundleWorkflows.pausedReason,
      workflow: {
        id: workflows.id,
        name: workflows.name,
        model: workflows.model,
        promptTemplates: workflows.promptTemplates,
        language: workflows.language,
        moreLanguages: workflows.moreLanguages,
        bannedPhrases: workflows.bannedPhrases,
        protectedTerms: workflows.protectedTerms,
        voiceNotes: workflows.voiceNotes,
        // The request's settings and the price its calls are reserved and charged at.
        temperature: workflows.temperature,
        maxOutputTokens: workflows.maxOutputTokens,
        priceInputPerMillion: workflows.priceInputPerMillion,
        priceOutputPerMillion: workflows.priceOutputPerMillion,
        priceCachedInputPerMillion: workflows.priceCachedInputPerMillion,
        seesImages: workflows.seesImages,
        imageDetail: workflows.imageDetail,
        maxImages: workflows.maxImages,
      },
    })
    .from(bundleWorkflowProducts)
    .innerJoin(products, eq(products.id, bundleWorkflowProducts.productId))
    .innerJoin(bundleWorkflows, eq(bundleWorkflows.id, bundleWorkflowProducts.bundleWorkflowId))
    .innerJoin(bundles, eq(bundles.id, bundleWorkflows.bundleId))
    .innerJoin(workflows, eq(workflows.id, bundleWorkflows.workflowId))
    .where(eq(bundleWorkflowProducts.id, id));
  if (!found) return undefined;
  // Read only when nothing stored names the language (copy-language.ts).
  const stored = found.workflow.language ?? found.productLanguage ?? found.bundleLanguage;
  const bundleTextLanguageOf = stored ? null : await bundleTextLanguage(db, found.bundleId);
  // What a model that sees found in the photos: checked with the copy (photo-fact-problems.ts).
  const photoFacts = found.workflow.seesImages ? await storedPhotoFacts(db, id) : [];
  const loaded = { ...found, bundleTextLanguage: bundleTextLanguageOf, photoFacts };
  if (found.row.isMultipleOf) {
    return { ...loaded, varying: [], parent: await loadParent(db, found.row.isMultipleOf, id) };
  }
  // A product sold in variants is written about as a whole, not as its first variant.
  const level = productLevelFacts(found.details, await variantDetailsOf(db, id));
  return { ...loaded, details: level.details, varying: level.varying, parent: undefined };
}

/** The most variants whose values a product's range is read from; a bigger product reads these. */
const MAX_VARIANTS_READ = 1000;

async function variantDetailsOf(db: Queryable, parentId: number) {
  const rows = await db
    .select({ details: products.details })
    .from(bundleWorkflowProducts)
    .innerJoin(products, eq(products.id, bundleWorkflowProducts.productId))
    .where(eq(bundleWorkflowProducts.isMultipleOf, parentId))
    .orderBy(bundleWorkflowProducts.id)
    .limit(MAX_VARIANTS_READ);
  return rows.map((row) => row.details);
}

/** The most sibling variants a prompt names; a product with more names these and "and others". */
export const MAX_SIBLINGS_NAMED = 20;

/**
 * A variant's parent: its facts, its finished copy (null until it is done: a batch writes both at once), and
 * what sets each of the variant's siblings apart ("Medium", "Large"), so the prompt can ask for copy that
 * differs from theirs.
 */
async function loadParent(db: Queryable, parentId: number, variantId: number) {
  const [parent] = await db
    .select({ row: bundleWorkflowProducts, details: products.details })
    .from(bundleWorkflowProducts)
    .innerJoin(products, eq(products.id, bundleWorkflowProducts.productId))
    .where(eq(bundleWorkflowProducts.id, parentId));
  if (!parent) return undefined;
  // The parent as a whole: what sets this variant apart is then every value of its own, not only those its
  // parent's first-variant row happens not to share.
  const { details: parentDetails } = productLevelFacts(parent.details, await variantDetailsOf(db, parentId));
  const siblingRows = await db
    .select({ details: products.details })
    .from(bundleWorkflowProducts)
    .innerJoin(products, eq(products.id, bundleWorkflowProducts.productId))
    .where(and(eq(bundleWorkflowProducts.isMultipleOf, parentId), ne(bundleWorkflowProducts.id, variantId)))
    .orderBy(bundleWorkflowProducts.id)
    .limit(MAX_SIBLINGS_NAMED + 1);
  const siblings = siblingRows
    .slice(0, MAX_SIBLINGS_NAMED)
    .map((sibling) => differingValues({ details: parentDetails }, sibling).join(' '))
    .filter((values) => values !== '');
  if (siblingRows.length > MAX_SIBLINGS_NAMED) siblings.push('and others');
  const translations = parent.row.translations ?? {};
  if (parent.row.status !== 'done') return { details: parentDetails, copy: null, siblings, translations };
  const altTexts = await db
    .select({ altText: bundleWorkflowProductImages.altText })
    .from(bundleWorkflowProductImages)
    .where(eq(bundleWorkflowProductImages.bundleWorkflowProductId, parentId))
    .orderBy(bundleWorkflowProductImages.position);
  const copy: CopyFields = copyFromRow(
    parent.row,
    altTexts.map((a) => a.altText ?? ''),
  );
  return { details: parentDetails, copy: copy as CopyFields | null, siblings, translations };
}

/**
 * A step's log entry and the product's progress, in one statement: each round trip to the database costs more
 * than the work it carries, and a product takes several steps (see bench/throughput).
 */
export async function recordStep(
  db: Database,
  id: number,
  entry: LogEntry,
  progress: number,
  status?: 'running',
): Promise<void> {
  const logged = db.insert(logs).values(entry);
  const progressed = db
    .update(bundleWorkflowProducts)
    .set({ progress, ...(status ? { status, error: null } : {}) })
    .where(and(eq(bundleWorkflowProducts.id, id), ne(bundleWorkflowProducts.status, 'done')));
  await db.execute(sql`with logged as (${logged.getSQL()}) ${progressed.getSQL()}`);
}

/** The built-in writer's input for the save's fallback wordings: in the copy's language, with its voice. */
function offlineInput(context: ProductContext): WriteCopyInput {
  return {
    voice: copyVoiceFor(context),
    model: 'offline',
    product: context.details,
    imageCount: context.imageUrls.length,
    settings: {
      keywords: context.customFields.keywords,
      business_type: context.customFields.business_type,
      tone_of_voice: context.customFields.tone_of_voice,
    },
  };
}

/** The new text for a field, or the row's own text when the field is locked. */
function unlessLocked(field: CopyFieldName, column: AnyPgColumn, value: string) {
  return sql`case when ${isLocked(field)} then ${column} else ${value} end`;
}

/**
 * The copy, the alt texts, the log, the kept version and the variants' jobs land together, once. The row, its
 * alt texts and its log entry are written by one statement (a round trip saved is worth more than the SQL it
 * takes), and none of them when the row was done already. A locked field keeps its text: the lock is read
 * from the row as it is saved, so a lock set while the product was being written still holds.
 */
export async function saveCopy(
  db: Database,
  context: ProductContext,
  proposed: CopyFields,
  problems: StoredProblem[],
  target: LogTarget,
  translations: Translations | null = null,
) {
  await db.transaction(async (tx) => {
    const copy = await makeDistinct(tx, context.row, offlineInput(context), proposed, target);
    const p = bundleWorkflowProducts;
    const saveRow = tx
      .update(p)
      .set({
        ...keyedOf(generatedTextFields(COPY_FIELD_REGISTRY), (field) =>
          unlessLocked(
            field.name as CopyFieldName,
            p[field.key as keyof typeof p] as AnyPgColumn,
            (copy as unknown as Record<string, string>)[field.name] ?? '',
          ),
        ),
        problems,
        translations,
        status: 'done',
        progress: 100,
        error: null,
      })
      .where(and(eq(p.id, context.row.id), ne(p.status, 'done')))
      .returning({ id: p.id, lockedFields: p.lockedFields });
    const positions = copy.alt_texts.map((_, i) => i);
    const rows = await rawRows(
      tx,
      savedRow,
      sql`
      with saved as (${saveRow.getSQL()}),
      alt_texts as (
        update bundle_workflow_product_images i set alt_text = a.alt_text
        from saved, unnest(${sql.param(positions)}::int[], ${sql.param(copy.alt_texts)}::text[]) as a(position, alt_text)
        where i.bundle_workflow_product_id = saved.id and i.position = a.position
          and not saved.locked_fields @> '["alt_texts"]'::jsonb
      ),
      logged as (
        insert into logs (bundle_workflow_id, product_id, type, event, details)
        select ${target.bundleWorkflowId}, ${target.productId}, 'general', 'Copy saved',
          ${JSON.stringify(generalLogEntry(target, 'Copy saved', { page_title: copy.page_title }).details)}::jsonb
        from saved
      )
      select (select count(*)::int from saved) as saved,
             array(select variant.id from saved
                   join bundle_workflow_products variant
                     on variant.is_multiple_of = saved.id and variant.status = 'queued') as variants`,
    );
    const result = rows[0];
    if (!result || result.saved === 0) return;
    // Read after the statement above, so the version holds the alt texts it wrote.
    await insertVersion(tx, context.row.id, 'generation', null);
    await queueGenerateJobs(tx, result.variants);
  });
  // After the commit: a run's last products finishing at once each see the others' writes.
  await emitRunEventsIfSettled(db, context.row.bundleWorkflowId);
}

export async function markFailed(db: Database, context: ProductContext, reason: string, target: LogTarget) {
  await db.transaction(async (tx) => {
    const failed = await tx
      .update(bundleWorkflowProducts)
      .set({ status: 'failed', error: reason, progress: 100 })
      .where(and(eq(bundleWorkflowProducts.id, context.row.id), ne(bundleWorkflowProducts.status, 'done')))
      .returning({ id: bundleWorkflowProducts.id });
    if (failed.length === 0) return;
    await logGeneral(tx, target, 'Generation failed', { reason });
    // Variants are still written, on their own, when their parent fails.
    await queueVariants(tx, context.row.id);
  });
  await emitRunEventsIfSettled(db, context.row.bundleWorkflowId);
}

async function queueVariants(tx: Queryable, parentId: number) {
  const variants = await tx
    .select({ id: bundleWorkflowProducts.id })
    .from(bundleWorkflowProducts)
    .where(
      and(eq(bundleWorkflowProducts.isMultipleOf, parentId), eq(bundleWorkflowProducts.status, 'queued')),
    );
  await queueGenerateJobs(
    tx,
    variants.map((v) => v.id),
  );
}
