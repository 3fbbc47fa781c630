// Titles and meta descriptions are never identical across a run: a wording already used (or being saved by
// another product right now) is flagged for repair, and at save time gives way to another.
import { sql } from 'drizzle-orm';
import { SEO_LIMITS, truncateAtWordBoundary } from '../../common/copy-rules';
import type { CopyFields, WriteCopyInput } from '../ai/copy-writer';
import { writeOfflineCopy } from '../ai/offline-writer';
import type { Queryable } from '../db/client';
import { type LogTarget, logGeneral } from '../run-log/run-log';
import { COPY_PROBLEM_MESSAGES, type CopyProblem } from './check-copy';

/** The run product being written: the wording is compared with the rest of its run. */
type RunProductRow = { id: number; bundleWorkflowId: number };

/** Titles and meta descriptions already used by other products of the same run. */
async function findTakenCopy(
  db: Queryable,
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

export async function findDuplicateProblems(
  db: Queryable,
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
export async function makeDistinct(
  tx: Queryable,
  row: RunProductRow,
  offlineInput: WriteCopyInput,
  copy: CopyFields,
  target: LogTarget,
) {
  let next = copy;
  for (let attempt = 0; attempt < 20; attempt++) {
    const claimed = await claimCopy(tx, row.bundleWorkflowId, next);
    const taken = await findTakenCopy(tx, row, next);
    const titleTaken = taken.titleTaken || !claimed.title;
    const metaTaken = taken.metaTaken || !claimed.meta;
    if (!titleTaken && !metaTaken) break;
    const offline = attempt === 0 ? writeOfflineCopy(offlineInput).copy : undefined;
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
  tx: Queryable,
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

/** Advisory-lock namespaces for a run's page titles and meta descriptions, keyed by a hash of the wording. */
const TITLE_LOCK_NAMESPACE = 7_262;
const META_LOCK_NAMESPACE = 7_263;
