// The generate-product task: one product of one run, from queued to done (or failed with its reason).
// Safe to retry: it skips a product already done, and the final write only lands once. This file is the
// order of the steps; the steps live beside it (product-store, call-provider, check-copy, distinct-copy,
// repair-copy).
import type { Database } from '../../db/client';
import {
  type CopyFields,
  type PhotoSet,
  ProviderError,
  type WriteCopyInput,
  type WriteCopyResult,
} from '../../leaves/ai/copy-writer';
import { ownPriceOf } from '../../leaves/ai/pricing';
import type { WriterRegistry } from '../../leaves/ai/writer-registry';
import { generalLogEntry, type LogTarget } from '../../leaves/run-log/run-log';
import { describeDifferences, differingValues } from '../../leaves/variants/detect-variants';
import { createProviderCall, SpendingCapReached } from './call-provider';
import { type CopyRulesContext, checkCopy, describeProblems, toStoredProblems } from './check-copy';
import { copyLanguageFor, copyVoiceFor } from './copy-language';
import { findDuplicateProblems } from './distinct-copy';
import { holdForSpendingCap } from './hold-for-cap';
import { type PhotoFacts, photoContradictions } from './photo-fact-problems';
import { photoFactsAfter, savePhotoFacts } from './photo-facts';
import { photosForWriting } from './product-photos';
import { loadProduct, markFailed, type ProductContext, recordStep, saveCopy } from './product-store';
import { settleRemainingProblems } from './repair-copy';
import { writeTranslations } from './translations';

export type GenerationDeps = { db: Database; writers: WriterRegistry };
/** `imageWaits`: how many times the job has waited for the product's photos to be compressed. */
export type JobAttempt = { attempts: number; maxAttempts: number; imageWaits?: number };

/** Answers `waiting_for_images` when the product's photos are still being compressed: run it again later. */
export async function generateProduct(
  deps: GenerationDeps,
  bundleWorkflowProductId: number,
  job: JobAttempt,
  signal?: AbortSignal,
): Promise<'waiting_for_images' | undefined> {
  const { db } = deps;
  const context = await loadProduct(db, bundleWorkflowProductId);
  if (!context || context.row.status === 'done') return;
  const target: LogTarget & { bundleId: number } = {
    bundleWorkflowId: context.row.bundleWorkflowId,
    productId: context.row.productId,
    bundleId: context.bundleId,
  };

  try {
    // A paused run takes no provider calls: its products stay queued until the cap is raised.
    if (context.pausedReason) return;
    const photos = await photosForWriting(db, context, target, job.imageWaits ?? 0);
    if (photos === 'waiting') return 'waiting_for_images';
    await recordStep(
      db,
      context.row.id,
      generalLogEntry(target, 'Generation started', {
        attempt: job.attempts,
        workflow: context.workflow.name,
      }),
      10,
      'running',
    );
    await writeAndSave(deps, context, target, { signal, photos });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof SpendingCapReached) {
      await holdForSpendingCap(db, context, error);
      return;
    }
    const isFinal = !(error instanceof ProviderError) ? job.attempts >= job.maxAttempts : true;
    if (!isFinal) throw error;
    const reason =
      error instanceof ProviderError
        ? error.message
        : 'An internal error stopped this product. Retry it, or report it.';
    await markFailed(db, context, reason, target);
    if (!(error instanceof ProviderError)) throw error;
  }
  return undefined;
}

/** The copy in every language the workflow writes, checked, then saved with what the model saw in the photos. */
async function writeAndSave(
  deps: GenerationDeps,
  context: ProductContext,
  target: LogTarget & { bundleId: number },
  { signal, photos }: { signal?: AbortSignal; photos?: PhotoSet },
): Promise<void> {
  const { db } = deps;
  const written = await writeCheckedCopy(deps, context, target, { signal, photos });
  // What the model saw in the photos is checked, and kept, with this copy.
  const seen = { ...context, photoFacts: written.photoFacts };
  const translations = await writeTranslations(
    seen,
    async (inLanguage, language) =>
      (await writeCheckedCopy(deps, inLanguage, target, { signal, photos, translation: language })).copy,
    finalProblems,
  );
  // Before the copy: a run that reads the product done reads its photos' facts too.
  if (photos) await savePhotoFacts(db, context.row.id, written.photoFacts);
  // The complete final check is stored with the copy; the screen flags exactly these problems.
  await saveCopy(db, seen, written.copy, finalProblems(seen, written.copy), target, translations);
}

/**
 * The complete final check of a product's copy, as it is stored with the copy: with the photos whose colour
 * the product's data contradicts, which only a reviewer can settle (no rewrite mends them).
 */
export function finalProblems(context: ProductContext, copy: CopyFields) {
  const rules = copyRulesFor(context);
  return toStoredProblems([
    ...checkCopy(copy, context.details, context.imageUrls.length, rules),
    ...photoContradictions(context.details, rules.variantValues ?? [], context.photoFacts),
  ]);
}

/** The workflow's voice and, for a variant, the values its title and heading must name. */
export function copyRulesFor(context: ProductContext): CopyRulesContext {
  return {
    variantValues: context.parent
      ? differingValues({ details: context.parent.details }, { details: context.details })
      : [],
    variantRange: context.varying,
    productName: {
      name: (context.parent ?? context).details.product_name ?? '',
      brand: (context.parent ?? context).details.brand ?? '',
    },
    bannedPhrases: context.workflow.bannedPhrases ?? [],
    protectedTerms: context.workflow.protectedTerms ?? [],
    language: copyLanguageFor(context),
    // The language the data is in: the copy's as it would be without the workflow's choice.
    dataLanguage: copyLanguageFor({ ...context, workflow: { ...context.workflow, language: null } }),
    photoFacts: context.photoFacts,
  };
}

/**
 * The input of a product's first call: its facts, the bundle's settings, the workflow's voice, and for a variant
 * its parent's facts, finished copy (none yet when both go in one batch), what differs and what sets its
 * siblings apart. The batch path sends the same request (batch-lines.ts).
 */
export function firstCallInput(context: ProductContext): WriteCopyInput {
  return {
    model: context.workflow.model,
    product: context.details,
    imageCount: context.imageUrls.length,
    settings: {
      keywords: context.customFields.keywords,
      business_type: context.customFields.business_type,
      tone_of_voice: context.customFields.tone_of_voice,
    },
    parent: context.parent
      ? {
          product: context.parent.details,
          copy: context.parent.copy,
          differences: describeDifferences({ details: context.parent.details }, { details: context.details }),
          siblings: context.parent.siblings,
        }
      : undefined,
    ...(context.varying.length > 0 ? { range: context.varying } : {}),
    voice: copyVoiceFor(context),
  };
}

/**
 * One call for every field; one repair call naming any problems; then cuts or grounded fallbacks. A
 * translation's steps are logged under their language ("Copy written (en)"), apart from the first language's.
 */
async function writeCheckedCopy(
  deps: GenerationDeps,
  context: ProductContext,
  target: LogTarget & { bundleId: number },
  { signal, photos, translation }: { signal?: AbortSignal; photos?: PhotoSet; translation?: string },
): Promise<{ copy: CopyFields; photoFacts: PhotoFacts[] }> {
  const step = (event: string) => (translation ? `${event} (${translation})` : event);
  const { db, writers } = deps;
  const writer = writers.forWorkflow(context.workflow);
  const imageCount = context.imageUrls.length;
  const input: WriteCopyInput = { ...firstCallInput(context), signal, ...(photos ? { photos } : {}) };
  let rules = copyRulesFor(context);
  const checkAll = async (written: CopyFields) => [
    ...checkCopy(written, context.details, imageCount, rules),
    ...(await findDuplicateProblems(db, context.row, written, context.details)),
  ];
  const call = createProviderCall({
    db,
    writer,
    templates: context.workflow.promptTemplates,
    isCapKnownUnset:
      context.spendingCapUsd === null &&
      context.budgets.workspaceUsd === null &&
      context.budgets.memberUsd === null,
    target,
    productRowId: context.row.id,
    settings: {
      temperature: context.workflow.temperature,
      maxOutputTokens: context.workflow.maxOutputTokens,
      ownPrice: ownPriceOf(context.workflow),
    },
    signal,
  });

  // The call writes its own ai log line (started, then settled) and moves progress on.
  const first: WriteCopyResult = await call(step('Copy written'), input, 50);
  const photoFacts = photoFactsAfter(context.photoFacts, first, photos);
  rules = { ...rules, photoFacts };

  let copy = first.copy;
  let problems = await checkAll(copy);
  const checked = step(problems.length ? 'Copy checked: problems found' : 'Copy checked: within limits');
  const found = { problems: describeProblems(problems) };
  await recordStep(db, context.row.id, generalLogEntry(target, checked, found), 70);

  if (problems.length > 0) {
    const repaired = await call(
      step('Copy repaired'),
      { ...input, repair: { previous: copy, problems: describeProblems(problems) } },
      85,
    );
    copy = repaired.copy;
    problems = await checkAll(copy);
  }
  if (problems.length > 0) {
    copy = await settleRemainingProblems(db, target, context, input, copy, problems, rules);
  }
  return { copy, photoFacts };
}
