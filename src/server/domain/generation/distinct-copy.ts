// Copy within a bundle is never repeated: no two products of a run share a page title,
// meta description or heading, compared case-insensitively after trimming.
// A meta description that is nearly another's counts too (docs/decisions/008-near-duplicate-threshold.md):
// the same text once each product's own variant values are taken out, or word pairs that overlap by
// NEAR_DUPLICATE_SIMILARITY or more. A repeat found by the check goes to the repair call first; at save time,
// a wording that is still taken (or being saved by another product right now) gives way to the offline
// writer's, then to a numbered one.
import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { countCharacters, truncateAtWordBoundary } from '../../../common/copy-rules/copy-rules';
import { phrasebookFor } from '../../../common/copy-rules/phrasebooks';
import { type LimitedField, measureField } from '../../../common/copy-rules/seo-checks';
import { readStoreOptions } from '../../../common/store-files/store-product-details';
import type { Queryable } from '../../db/client';
import { computedRow, rawRows } from '../../db/raw-rows';
import { bundleWorkflowProducts, products } from '../../db/schema';
import type { CopyFields, ProductFacts, WriteCopyInput } from '../../leaves/ai/copy-writer';
import { metaVariations } from '../../leaves/ai/offline-fields';
import { writeOfflineCopy } from '../../leaves/ai/offline-writer';
import { type LogTarget, logGeneral } from '../../leaves/run-log/run-log';
import { VARIANT_ATTRIBUTES } from '../../leaves/variants/detect-variants';
import { COPY_PROBLEM_MESSAGES, type CopyProblem } from './check-copy';

/** bool_or over no rows is null: no other product has that wording. */
const repeatsRow = computedRow({
  page_title: z.boolean().nullable(),
  meta_description: z.boolean().nullable(),
  heading: z.boolean().nullable(),
});
const claimedRow = computedRow({
  page_title: z.boolean(),
  meta_description: z.boolean(),
  heading: z.boolean(),
});

/** The run product being written: the wording is compared with the rest of its run. */
type RunProductRow = { id: number; bundleWorkflowId: number; isMultipleOf?: number | null };

/** The fields that must differ across a run. */
export const DISTINCT_FIELDS = ['page_title', 'meta_description', 'heading'] as const;
type DistinctField = (typeof DISTINCT_FIELDS)[number];
type DistinctCopy = Pick<CopyFields, DistinctField>;

/** Word-pair (bigram) Jaccard similarity at or above which two meta descriptions are near duplicates. */
export const NEAR_DUPLICATE_SIMILARITY = 0.8;

/** The form two wordings are compared in: lowercase and trimmed, as the query's lower(btrim(...)). */
export function sameWordingKey(text: string): string {
  return text.toLowerCase().trim();
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/×/g, ' x ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');

/** The text's words without the product's own variant values ("Silver", "Large", "45 x 30 cm"). */
function withoutValues(text: string, details: ProductFacts): string[] {
  let remaining = ` ${words(text).join(' ')} `;
  const values = [
    ...VARIANT_ATTRIBUTES.map((key) => details[key] ?? ''),
    ...readStoreOptions(details).map((option) => option.value),
  ]
    .map((value) => words(value).join(' '))
    .filter((v) => v !== '');
  for (const value of values.sort((a, b) => b.length - a.length)) {
    remaining = remaining.split(` ${value} `).join(' ');
  }
  return remaining.split(' ').filter((word) => word !== '');
}

/** Jaccard similarity of two word lists' adjacent pairs (single words when a list has one word). */
export function wordPairSimilarity(a: string[], b: string[]): number {
  const pairs = (list: string[]) =>
    new Set(list.length < 2 ? list : list.slice(1).map((word, index) => `${list[index]} ${word}`));
  const left = pairs(a);
  const right = pairs(b);
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const pair of left) if (right.has(pair)) shared++;
  return shared / (left.size + right.size - shared);
}

/**
 * Whether two meta descriptions are near duplicates: identical once each product's own variant values are
 * taken out, or overlapping in word pairs by NEAR_DUPLICATE_SIMILARITY or more.
 */
export function isNearDuplicate(
  text: string,
  details: ProductFacts,
  otherText: string,
  otherDetails: ProductFacts,
): boolean {
  const own = withoutValues(text, details);
  const other = withoutValues(otherText, otherDetails);
  if (own.join(' ') === other.join(' ')) return true;
  return wordPairSimilarity(words(text), words(otherText)) >= NEAR_DUPLICATE_SIMILARITY;
}

type Repeats = Record<DistinctField, boolean> & { metaNear: boolean };

/**
 * Which of the copy's wordings another product of the run already uses, case-insensitively; and whether the
 * meta description nearly repeats one of its variant family's (parent, siblings, own variants), where copy
 * written from the same facts lands.
 */
async function findRepeats(
  db: Queryable,
  row: RunProductRow,
  copy: DistinctCopy,
  details: ProductFacts,
): Promise<Repeats> {
  const key = (field: DistinctField) => sameWordingKey(copy[field]);
  const normalised = (column: string) => sql.raw(`lower(btrim(${column}))`);
  const rows = await rawRows(
    db,
    repeatsRow,
    sql`
    select bool_or(${normalised('page_title')} = ${key('page_title')}) as page_title,
           bool_or(${normalised('meta_description')} = ${key('meta_description')}) as meta_description,
           bool_or(${normalised('heading')} = ${key('heading')}) as heading
    from bundle_workflow_products
    where bundle_workflow_id = ${row.bundleWorkflowId} and id <> ${row.id}
      and (${normalised('page_title')} = ${key('page_title')}
        or ${normalised('meta_description')} = ${key('meta_description')}
        or ${normalised('heading')} = ${key('heading')})`,
  );
  const found = rows[0];
  const family = row.isMultipleOf ?? row.id;
  const r = bundleWorkflowProducts;
  const relatives = await db
    .select({ meta_description: sql<string>`${r.metaDescription}`, details: products.details })
    .from(r)
    .innerJoin(products, eq(products.id, r.productId))
    .where(
      and(
        eq(r.bundleWorkflowId, row.bundleWorkflowId),
        ne(r.id, row.id),
        isNotNull(r.metaDescription),
        or(eq(r.id, family), eq(r.isMultipleOf, family)),
      ),
    );
  return {
    page_title: copy.page_title.trim() !== '' && Boolean(found?.page_title),
    meta_description: copy.meta_description.trim() !== '' && Boolean(found?.meta_description),
    heading: copy.heading.trim() !== '' && Boolean(found?.heading),
    metaNear:
      copy.meta_description.trim() !== '' &&
      relatives.some((relative) =>
        isNearDuplicate(copy.meta_description, details, relative.meta_description, relative.details ?? {}),
      ),
  };
}

/** Repeats of other products' copy in the run, as problems for the repair call. */
export async function findDuplicateProblems(
  db: Queryable,
  row: RunProductRow,
  copy: CopyFields,
  details: ProductFacts = {},
): Promise<CopyProblem[]> {
  const repeats = await findRepeats(db, row, copy, details);
  const problems: CopyProblem[] = [];
  for (const field of DISTINCT_FIELDS) {
    if (repeats[field]) {
      problems.push({
        field,
        kind: 'duplicate',
        message: COPY_PROBLEM_MESSAGES.duplicate(field, copy[field]),
      });
    } else if (field === 'meta_description' && repeats.metaNear) {
      problems.push({
        field,
        kind: 'duplicate',
        message: COPY_PROBLEM_MESSAGES.nearDuplicate(field, copy[field]),
      });
    }
  }
  return problems;
}

const LIMITED: Record<DistinctField, LimitedField> = {
  page_title: 'page_title',
  meta_description: 'meta_description',
  heading: 'heading',
};

/**
 * The last resort: page titles, meta descriptions and headings across a run are never the same. Each wording
 * is claimed with a transaction lock on (run, field, wording) before the run is searched for it, so a save
 * waits for no other save and two saves of the same wording cannot both pass. A wording that is taken, or
 * claimed by a save still in progress, gives way to the offline writer's wording (which names the product's
 * attributes) or, failing that, a numbered suffix that fits the limits.
 */
export async function makeDistinct(
  tx: Queryable,
  row: RunProductRow,
  offlineInput: WriteCopyInput,
  copy: CopyFields,
  target: LogTarget,
) {
  let next = copy;
  const tried: Record<DistinctField, number> = { page_title: 0, meta_description: 0, heading: 0 };
  const wordings = new Map<number, CopyFields>();
  // As many as the copy's language has: the neutral book has fewer than English.
  const variations = metaVariations(phrasebookFor(offlineInput.voice?.language));
  const offlineWording = (variation: number) => {
    let wording = wordings.get(variation);
    if (!wording) {
      wording = writeOfflineCopy({ ...offlineInput, variation }).copy;
      wordings.set(variation, wording);
    }
    return wording;
  };
  for (let attempt = 0; attempt < 20; attempt++) {
    const claimed = await claimCopy(tx, row.bundleWorkflowId, next);
    const repeats = await findRepeats(tx, row, next, offlineInput.product);
    const taken: Record<DistinctField, boolean> = {
      page_title: repeats.page_title || !claimed.page_title,
      meta_description: repeats.meta_description || repeats.metaNear || !claimed.meta_description,
      heading: repeats.heading || !claimed.heading,
    };
    if (!DISTINCT_FIELDS.some((field) => taken[field])) break;
    const replaced: Partial<DistinctCopy> = {};
    for (const field of DISTINCT_FIELDS) {
      if (!taken[field]) continue;
      // The built-in writer's wordings first (its usual one, then its alternatives), then numbered ones.
      let offered: string | undefined;
      while (offered === undefined && tried[field] < variations) {
        const candidate = offlineWording(tried[field]++)[field];
        if (sameWordingKey(candidate) !== sameWordingKey(next[field])) offered = candidate;
      }
      replaced[field] = offered ?? withSuffix(copy[field], attempt, LIMITED[field]);
    }
    next = { ...next, ...replaced };
    await logGeneral(tx, target, 'Made distinct from another product in this bundle', replaced);
  }
  return next;
}

/**
 * Takes the run's locks on this title, meta description and heading, without waiting: a lock another save
 * holds means that save is about to write the same wording. Locks are only ever tried, never waited for, so
 * two saves cannot deadlock. A separate statement from the search, so the search's snapshot sees any save
 * that held the lock before.
 */
async function claimCopy(
  tx: Queryable,
  bundleWorkflowId: number,
  copy: DistinctCopy,
): Promise<Record<DistinctField, boolean>> {
  const lockKey = (field: DistinctField) => `${bundleWorkflowId}:${sameWordingKey(copy[field])}`;
  const rows = await rawRows(
    tx,
    claimedRow,
    sql`
    select pg_try_advisory_xact_lock(${LOCK_NAMESPACES.page_title}, hashtext(${lockKey('page_title')})) as page_title,
           pg_try_advisory_xact_lock(${LOCK_NAMESPACES.meta_description}, hashtext(${lockKey('meta_description')})) as meta_description,
           pg_try_advisory_xact_lock(${LOCK_NAMESPACES.heading}, hashtext(${lockKey('heading')})) as heading`,
  );
  const result = rows[0];
  return {
    page_title: result?.page_title ?? false,
    meta_description: result?.meta_description ?? false,
    heading: result?.heading ?? false,
  };
}

function withSuffix(text: string, attempt: number, field: LimitedField): string {
  const suffix = ` (${attempt + 1})`;
  // Cut the text, not the number, so the number always shows, within characters and pixels.
  let head = text.trim();
  while (head !== '') {
    const candidate = `${head}${suffix}`;
    const breach = measureField(field, candidate);
    if (!breach || breach.kind === 'too_short') return candidate;
    head = truncateAtWordBoundary(head, countCharacters(head) - 1);
  }
  return suffix.trim();
}

/** Advisory-lock namespaces for a run's page titles, meta descriptions and headings. */
const LOCK_NAMESPACES: Record<DistinctField, number> = {
  page_title: 7_262,
  meta_description: 7_263,
  heading: 7_264,
};
