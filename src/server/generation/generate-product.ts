// The generate-product task: one product of one run, from queued to done (or failed with its reason).
// Safe to retry: it skips a product already done, and the final write only lands once.
import { and, eq, ne, sql } from 'drizzle-orm';
import { SEO_LIMITS } from '../../common/constants';
import { type CopyFields, ProviderError, type WriteCopyInput, type WriteCopyResult } from '../ai/copy-writer';
import { writeOfflineCopy } from '../ai/offline-writer';
import { withProviderRetries } from '../ai/retry-policy';
import { describeDifferences } from '../bundles/detect-variants';
import { pauseRun, spendingCapReached } from '../bundles/spending-cap';
import type { Database } from '../db/client';
import {
  bundles,
  bundleWorkflowProductImages,
  bundleWorkflowProducts,
  bundleWorkflows,
  logs,
  products,
  workflows,
} from '../db/schema';
import { queueGenerateJobs } from '../jobs/queue';
import {
  COPY_PROBLEM_MESSAGES,
  type CopyField,
  type CopyProblem,
  checkCopy,
  describeProblems,
  fitCopyToLimits,
  truncateAtWordBoundary,
} from './check-copy';
import { aiLogEntry, generalLogEntry, type LogEntry, type LogTarget, logAiCall, logGeneral } from './run-log';
import type { WriterRegistry } from './writers';

export type GenerationDeps = { db: Database; writers: WriterRegistry };
export type JobAttempt = { attempts: number; maxAttempts: number };

type ProductContext = Awaited<ReturnType<typeof loadProduct>>;

export async function generateProduct(
  deps: GenerationDeps,
  bundleWorkflowProductId: number,
  job: JobAttempt,
  signal?: AbortSignal,
): Promise<void> {
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
    const copy = await writeCheckedCopy(deps, context, target, signal);
    await saveCopy(db, context, copy, target);
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof SpendingCapReached) {
      // Back to queued: the product is written when the cap is raised (setSpendingCap queues it again).
      await db
        .update(bundleWorkflowProducts)
        .set({ status: 'queued', progress: 0 })
        .where(and(eq(bundleWorkflowProducts.id, context.row.id), ne(bundleWorkflowProducts.status, 'done')));
      await pauseRun(db, context.row.bundleWorkflowId, error.message);
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
}

class SpendingCapReached extends Error {
  override name = 'SpendingCapReached';
}

async function loadProduct(db: Database, id: number) {
  const [found] = await db
    .select({
      row: bundleWorkflowProducts,
      details: products.details,
      imageUrls: products.imageUrls,
      bundleId: bundles.id,
      customFields: bundles.customFields,
      spendingCapUsd: bundles.spendingCapUsd,
      pausedReason: bundleWorkflows.pausedReason,
      workflow: {
        id: workflows.id,
        name: workflows.name,
        model: workflows.model,
        promptTemplates: workflows.promptTemplates,
      },
    })
    .from(bundleWorkflowProducts)
    .innerJoin(products, eq(products.id, bundleWorkflowProducts.productId))
    .innerJoin(bundleWorkflows, eq(bundleWorkflows.id, bundleWorkflowProducts.bundleWorkflowId))
    .innerJoin(bundles, eq(bundles.id, bundleWorkflows.bundleId))
    .innerJoin(workflows, eq(workflows.id, bundleWorkflows.workflowId))
    .where(eq(bundleWorkflowProducts.id, id));
  if (!found) return undefined;
  const parent = found.row.isMultipleOf ? await loadParent(db, found.row.isMultipleOf) : undefined;
  return { ...found, parent };
}

async function loadParent(db: Database, parentId: number) {
  const [parent] = await db
    .select({ row: bundleWorkflowProducts, details: products.details })
    .from(bundleWorkflowProducts)
    .innerJoin(products, eq(products.id, bundleWorkflowProducts.productId))
    .where(eq(bundleWorkflowProducts.id, parentId));
  if (parent?.row.status !== 'done') return undefined;
  const altTexts = await db
    .select({ altText: bundleWorkflowProductImages.altText })
    .from(bundleWorkflowProductImages)
    .where(eq(bundleWorkflowProductImages.bundleWorkflowProductId, parentId))
    .orderBy(bundleWorkflowProductImages.position);
  const copy: CopyFields = {
    page_title: parent.row.pageTitle ?? '',
    meta_description: parent.row.metaDescription ?? '',
    heading: parent.row.heading ?? '',
    description: parent.row.description ?? '',
    fact_sheet: parent.row.factSheet ?? '',
    alt_texts: altTexts.map((a) => a.altText ?? ''),
  };
  return { details: parent.details, copy };
}

/** One call for every field; one repair call naming any problems; then cuts or grounded fallbacks. */
async function writeCheckedCopy(
  deps: GenerationDeps,
  context: NonNullable<ProductContext>,
  target: LogTarget & { bundleId: number },
  signal?: AbortSignal,
): Promise<CopyFields> {
  const { db, writers } = deps;
  const writer = writers.forWorkflow(context.workflow);
  const imageCount = context.imageUrls.length;
  const input: WriteCopyInput = {
    model: context.workflow.model,
    product: context.details,
    imageCount,
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
        }
      : undefined,
    signal,
  };

  // Read with the product a moment ago: with no cap, the first attempt need not ask again. Later attempts and
  // the repair call do, since the user may set a cap while the run goes.
  let isCapKnownUnset = context.spendingCapUsd === null;
  const call = (event: string, callInput: WriteCopyInput) =>
    withProviderRetries(
      async () => {
        const capReached = isCapKnownUnset ? null : await spendingCapReached(db, context.bundleId);
        isCapKnownUnset = false;
        if (capReached) throw new SpendingCapReached(capReached);
        try {
          return await writer.write(callInput);
        } catch (error) {
          // An unusable answer still cost tokens: log it like any other answer.
          if (error instanceof ProviderError && error.usage) {
            await logAiCall(
              db,
              target,
              `${event} (unusable answer)`,
              {
                content: '',
                model: callInput.model,
                usage: error.usage,
                originalRequest: { model: callInput.model, messages: [] },
                finalRequest: { model: callInput.model, messages: [] },
              },
              { error: error.message },
            );
          }
          throw error;
        }
      },
      {
        signal,
        onRetry: ({ error, attempt, delayMs }) =>
          logGeneral(db, target, 'Provider call failed; retrying', {
            reason: error.message,
            kind: error.kind,
            attempt,
            wait_ms: delayMs,
          }),
      },
    );

  const first: WriteCopyResult = await call('Copy written', input);
  await recordStep(db, context.row.id, aiLogEntry(target, 'Copy written', first), 50);

  let copy = first.copy;
  let problems = [
    ...checkCopy(copy, context.details, imageCount),
    ...(await findDuplicateProblems(db, context.row, copy)),
  ];
  await recordStep(
    db,
    context.row.id,
    generalLogEntry(
      target,
      problems.length ? 'Copy checked: problems found' : 'Copy checked: within limits',
      {
        problems: describeProblems(problems),
      },
    ),
    70,
  );

  if (problems.length > 0) {
    const repaired = await call('Copy repaired', {
      ...input,
      repair: { previous: copy, problems: describeProblems(problems) },
    });
    await recordStep(db, context.row.id, aiLogEntry(target, 'Copy repaired', repaired), 85);
    copy = repaired.copy;
    problems = checkCopy(copy, context.details, imageCount);
  }
  if (problems.length > 0) copy = await settleRemainingProblems(db, target, context, input, copy, problems);
  return copy;
}

/**
 * Still failing after the repair: ungrounded or missing fields take the offline writer's grounded text;
 * fields that are only too long are cut at a word boundary. Both are logged.
 */
async function settleRemainingProblems(
  db: Database,
  target: LogTarget,
  context: NonNullable<ProductContext>,
  input: WriteCopyInput,
  copy: CopyFields,
  problems: CopyProblem[],
): Promise<CopyFields> {
  const fallback = writeOfflineCopy({ ...input, repair: undefined }).copy;
  const replaced = new Set<CopyField>();
  const next: CopyFields = { ...copy, alt_texts: [...copy.alt_texts] };
  for (const problem of problems) {
    if (isLengthOnly(problem)) continue;
    const field = problem.field;
    if (field.startsWith('alt_texts')) {
      next.alt_texts = fallback.alt_texts;
      replaced.add('alt_texts');
    } else {
      const key = field as Exclude<keyof CopyFields, 'alt_texts'>;
      next[key] = fallback[key];
      replaced.add(key);
    }
  }
  const { copy: fitted, cutFields } = fitCopyToLimits(next);
  if (replaced.size > 0) {
    await logGeneral(db, target, 'Fields replaced with grounded text', {
      fields: [...replaced],
      problems: describeProblems(problems.filter((p) => !isLengthOnly(p))),
    });
  }
  if (cutFields.length > 0) {
    await logGeneral(db, target, 'Fields cut to fit the limits', { fields: cutFields });
  }
  const left = checkCopy(fitted, context.details, input.imageCount);
  if (left.length > 0)
    await logGeneral(db, target, 'Problems left after repair', { problems: describeProblems(left) });
  return fitted;
}

function isLengthOnly(problem: CopyProblem): boolean {
  return problem.kind === 'too_long';
}

/**
 * A step's log entry and the product's progress, in one statement: each round trip to the database costs more
 * than the work it carries, and a product takes several steps (see bench/throughput).
 */
async function recordStep(
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

type RunProductRow = NonNullable<ProductContext>['row'];
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Titles and meta descriptions already used by other products of the same run. */
async function findTakenCopy(
  db: Database | Transaction,
  row: RunProductRow,
  copy: Pick<CopyFields, 'page_title' | 'meta_description'>,
) {
  const { rows } = await db.execute<{ page_title: string | null; meta_description: string | null }>(sql`
    select page_title, meta_description from bundle_workflow_products
    where bundle_workflow_id = ${row.bundleWorkflowId} and id <> ${row.id}
      and (page_title = ${copy.page_title} or meta_description = ${copy.meta_description})`);
  return {
    titleTaken: rows.some((r) => r.page_title === copy.page_title),
    metaTaken: rows.some((r) => r.meta_description === copy.meta_description),
  };
}

async function findDuplicateProblems(
  db: Database,
  row: RunProductRow,
  copy: CopyFields,
): Promise<CopyProblem[]> {
  const { titleTaken, metaTaken } = await findTakenCopy(db, row, copy);
  const problems: CopyProblem[] = [];
  if (titleTaken) {
    problems.push({
      field: 'page_title',
      kind: 'duplicate',
      message: COPY_PROBLEM_MESSAGES.duplicate('page_title', copy.page_title),
    });
  }
  if (metaTaken) {
    problems.push({
      field: 'meta_description',
      kind: 'duplicate',
      message: COPY_PROBLEM_MESSAGES.duplicate('meta_description', copy.meta_description),
    });
  }
  return problems;
}

/**
 * Titles and meta descriptions across a run are never identical. Each wording is claimed with a transaction
 * lock on (run, wording) before the run is searched for it, so a save waits for no other save and two saves of
 * the same wording cannot both pass. A wording that is taken, or claimed by a save still in progress, gives
 * way to the offline writer's wording (which names the product's attributes) or, failing that, a numbered
 * suffix that fits the limit.
 */
async function makeDistinct(
  tx: Transaction,
  context: NonNullable<ProductContext>,
  copy: CopyFields,
  target: LogTarget,
) {
  let next = copy;
  for (let attempt = 0; attempt < 20; attempt++) {
    const claimed = await claimCopy(tx, context.row.bundleWorkflowId, next);
    const taken = await findTakenCopy(tx, context.row, next);
    const titleTaken = taken.titleTaken || !claimed.title;
    const metaTaken = taken.metaTaken || !claimed.meta;
    if (!titleTaken && !metaTaken) break;
    const offline = attempt === 0 ? writeOfflineCopy(offlineInput(context)).copy : undefined;
    next = {
      ...next,
      page_title: titleTaken
        ? (offline?.page_title ?? withSuffix(copy.page_title, attempt, SEO_LIMITS.pageTitleMax))
        : next.page_title,
      meta_description: metaTaken
        ? (offline?.meta_description ??
          withSuffix(copy.meta_description, attempt, SEO_LIMITS.metaDescriptionMax))
        : next.meta_description,
    };
    await logGeneral(tx, target, 'Made distinct from another product in this bundle', {
      page_title: titleTaken ? next.page_title : undefined,
      meta_description: metaTaken ? next.meta_description : undefined,
    });
  }
  return next;
}

/**
 * Takes the run's locks on this title and meta description, without waiting: a lock another save holds means
 * that save is about to write the same wording. Locks are only ever tried, never waited for, so two saves
 * cannot deadlock. A separate statement from the search, so the search's snapshot sees any save that held the
 * lock before.
 */
async function claimCopy(
  tx: Transaction,
  bundleWorkflowId: number,
  copy: Pick<CopyFields, 'page_title' | 'meta_description'>,
): Promise<{ title: boolean; meta: boolean }> {
  const { rows } = await tx.execute<{ title: boolean; meta: boolean }>(sql`
    select pg_try_advisory_xact_lock(${TITLE_LOCK_NAMESPACE}, hashtext(${`${bundleWorkflowId}:${copy.page_title}`})) as title,
           pg_try_advisory_xact_lock(${META_LOCK_NAMESPACE}, hashtext(${`${bundleWorkflowId}:${copy.meta_description}`})) as meta`);
  return { title: rows[0]?.title ?? false, meta: rows[0]?.meta ?? false };
}

function withSuffix(text: string, attempt: number, max: number): string {
  const suffix = ` (${attempt + 1})`;
  return `${truncateAtWordBoundary(text, max - suffix.length)}${suffix}`;
}

function offlineInput(context: NonNullable<ProductContext>): WriteCopyInput {
  return {
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

/** Advisory-lock namespaces for a run's page titles and meta descriptions, keyed by a hash of the wording. */
const TITLE_LOCK_NAMESPACE = 7_262;
const META_LOCK_NAMESPACE = 7_263;

/**
 * The copy, the alt texts, the log and the variants' jobs land together, once. The row, its alt texts and its
 * log entry are written by one statement (a round trip saved is worth more than the SQL it takes), and none
 * of them when the row was done already.
 */
async function saveCopy(
  db: Database,
  context: NonNullable<ProductContext>,
  proposed: CopyFields,
  target: LogTarget,
) {
  await db.transaction(async (tx) => {
    const copy = await makeDistinct(tx, context, proposed, target);
    const saveRow = tx
      .update(bundleWorkflowProducts)
      .set({
        pageTitle: copy.page_title,
        metaDescription: copy.meta_description,
        heading: copy.heading,
        description: copy.description,
        factSheet: copy.fact_sheet,
        status: 'done',
        progress: 100,
        error: null,
      })
      .where(and(eq(bundleWorkflowProducts.id, context.row.id), ne(bundleWorkflowProducts.status, 'done')))
      .returning({ id: bundleWorkflowProducts.id });
    const positions = `{${copy.alt_texts.map((_, i) => i).join(',')}}`;
    const { rows: variants } = await tx.execute<{ id: number }>(sql`
      with saved as (${saveRow.getSQL()}),
      alt_texts as (
        update bundle_workflow_product_images i set alt_text = a.alt_text
        from saved, unnest(${positions}::int[], ${pgTextArray(copy.alt_texts)}::text[]) as a(position, alt_text)
        where i.bundle_workflow_product_id = saved.id and i.position = a.position
      ),
      logged as (
        insert into logs (bundle_workflow_id, product_id, type, event, details)
        select ${target.bundleWorkflowId}, ${target.productId}, 'general', 'Copy saved',
          ${JSON.stringify(generalLogEntry(target, 'Copy saved', { page_title: copy.page_title }).details)}::jsonb
        from saved
      )
      select variant.id from saved
      join bundle_workflow_products variant on variant.is_multiple_of = saved.id and variant.status = 'queued'`);
    await queueGenerateJobs(
      tx,
      variants.map((variant) => variant.id),
    );
  });
}

async function markFailed(
  db: Database,
  context: NonNullable<ProductContext>,
  reason: string,
  target: LogTarget,
) {
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
}

async function queueVariants(tx: Transaction, parentId: number) {
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

function pgTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
