// A run of a bundle's products: what it needs worked out (variants, URL suggestions), its product and image
// rows and its jobs, written inline for a small list and by the prepare-run job for a big one.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { CustomFields } from '../../../common/contract/entities';
import type { Database, Queryable } from '../../db/client';
import { rawRows, rowOf } from '../../db/raw-rows';
import { bundles, bundleWorkflowProducts, bundleWorkflows, products, workflows } from '../../db/schema';
import { queueGenerateJobs } from '../../leaves/queue/generate-jobs';
import { INLINE_RUN_JOBS, queueRunJobsLater } from '../../leaves/queue/run-jobs';
import { detectVariants } from '../../leaves/variants/detect-variants';
import { isFromStoreExport, storeVariantLinks } from '../../leaves/variants/store-variant-links';
import type { ParsedProduct } from '../list-import/parse-product-list';
import { detectRemainingLanguages } from './bundle-language';
import { suggestUrl, type UrlSuggestion } from './suggest-url';

export { queueRunJobsInBatches } from './queue-run-jobs-task';

const insertedRunProduct = rowOf(bundleWorkflowProducts, ['id', 'productId']);

/** Which product is a variant of which (by position): the links a store export names, else detected by name. */
export function variantLinksOf(parsed: ParsedProduct[]): Map<number, number> {
  return isFromStoreExport(parsed) ? storeVariantLinks(parsed) : detectVariants(parsed);
}

export type RunPlan = { parentOf: Map<number, number>; suggestions: UrlSuggestion[] };

/** Rows between yields to the event loop, so a query already sent keeps streaming to the database. */
const PLAN_SLICE = 1_000;

/**
 * The pure part of a run: which products are variants of which (the links a store export names, given or
 * read back from product details; else detected by name), and each product's URL suggestion.
 */
export async function planRun(
  parsed: ParsedProduct[],
  customFields: CustomFields,
  storeParents?: Map<number, number>,
  /** The workflow's language: its own spellings go into the slugs (de: ä → ae). */
  language?: string | null,
): Promise<RunPlan> {
  const parentOf = storeParents ?? variantLinksOf(parsed);
  const suggestions: UrlSuggestion[] = [];
  for (let start = 0; start < parsed.length; start += PLAN_SLICE) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const product of parsed.slice(start, start + PLAN_SLICE)) {
      suggestions.push(
        suggestUrl({
          template: customFields.url_template,
          product: product.details,
          keywords: customFields.keywords,
          language,
        }),
      );
    }
  }
  return { parentOf, suggestions };
}

/**
 * Writes a run of `workflowId` over the bundle's products: a product row with its URL suggestion and
 * variant link, its image rows, and a job for every product that is not a variant (variants are queued
 * when their parent finishes, so they can be written from its copy).
 */
/** A run to start: on which bundle, with which workflow, by which member (whose budget it spends). */
export type NewRun = { bundleId: number; workflowId: number; startedBy: string };

export async function startRun(
  tx: Queryable,
  { bundleId, workflowId, startedBy }: NewRun,
  parsed: ParsedProduct[],
  productIds: number[],
  customFields: CustomFields,
  plan?: RunPlan,
): Promise<number> {
  const [run] = await tx
    .insert(bundleWorkflows)
    .values({ bundleId, workflowId, startedBy })
    .returning({ id: bundleWorkflows.id });
  await fillRun(tx, run!.id, parsed, productIds, customFields, plan);
  return run!.id;
}

/**
 * The prepare-run job of a big new-bundle: writes the run's product and image rows, variant links and jobs
 * from the bundle's stored products, in one transaction. A run that has its product rows already is left
 * as it is (a retry after the commit).
 */
export async function prepareRun(db: Database, runId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await tx
      .select({ bundle_id: bundles.id, custom_fields: bundles.customFields })
      .from(bundleWorkflows)
      .innerJoin(bundles, eq(bundles.id, bundleWorkflows.bundleId))
      .where(and(eq(bundleWorkflows.id, runId), isNull(bundles.deletedAt)))
      .for('update', { of: bundleWorkflows });
    const run = found[0];
    if (!run) return;
    const { rows: filled } = await tx.execute(
      sql`select 1 from bundle_workflow_products where bundle_workflow_id = ${runId} limit 1`,
    );
    if (filled.length > 0) return;
    const rows = await tx
      .select({
        id: products.id,
        position: products.position,
        details: products.details,
        image_urls: products.imageUrls,
        languageConfidence: products.languageConfidence,
      })
      .from(products)
      .where(eq(products.bundleId, run.bundle_id))
      .orderBy(asc(products.position));
    await fillRun(
      tx,
      runId,
      rows.map((row) => ({
        position: row.position,
        details: row.details,
        imageUrls: row.image_urls,
        // Null: not detected on import (a big list's products past its sample); fillRun detects them.
        ...(row.languageConfidence === null ? {} : { languageConfidence: row.languageConfidence }),
      })),
      rows.map((row) => row.id),
      run.custom_fields,
    );
  });
}

/** The language of the run's workflow, for its URL suggestions. */
async function runLanguage(tx: Queryable, runId: number): Promise<string | null> {
  const rows = await tx
    .select({ language: workflows.language })
    .from(bundleWorkflows)
    .innerJoin(workflows, eq(workflows.id, bundleWorkflows.workflowId))
    .where(eq(bundleWorkflows.id, runId));
  return rows[0]?.language ?? null;
}

export async function fillRun(
  tx: Queryable,
  runId: number,
  parsed: ParsedProduct[],
  productIds: number[],
  customFields: CustomFields,
  plan?: RunPlan,
): Promise<void> {
  await detectRemainingLanguages(tx, runId, parsed, productIds);
  const { parentOf, suggestions } =
    plan ?? (await planRun(parsed, customFields, undefined, await runLanguage(tx, runId)));
  const rows = await rawRows(
    tx,
    insertedRunProduct,
    sql`
    insert into bundle_workflow_products (bundle_workflow_id, product_id, url_suggestion, url_suggestion_level)
    select ${runId}, s.product_id, s.url, s.level
    from unnest(
      ${sql.param(productIds)}::int[],
      ${sql.param(suggestions.map((s) => s.url_suggestion))}::text[],
      ${sql.param(suggestions.map((s) => s.url_suggestion_level))}::text[]
    ) with ordinality as s(product_id, url, level, n)
    order by s.n
    returning id, product_id`,
  );
  const runProductIdOf = new Map(rows.map((row) => [row.productId, row.id]));
  const runProductIdAt = new Map(
    parsed.map((product, index) => [product.position, runProductIdOf.get(productIds[index]!)!]),
  );

  // The image rows come from the products' stored image_urls (the same lists as `parsed`), so the URLs
  // need not travel to the database a second time. One image, one row: a URL that
  // several products of the run show (a variant image shared by a dozen variants) belongs to the first of
  // them, so it is fetched, stored, compressed, listed and zipped once, with one alt text, as a store keeps it.
  await tx.execute(sql`
    insert into bundle_workflow_product_images (bundle_workflow_product_id, position, url)
    select id, position, url from (
      select distinct on (i.url) w.id, (i.n - 1)::smallint as position, i.url
      from bundle_workflow_products w
      join products p on p.id = w.product_id
      cross join lateral jsonb_array_elements_text(p.image_urls) with ordinality as i(url, n)
      where w.bundle_workflow_id = ${runId}
      order by i.url, w.id, i.n) first_use
    order by id, position`);

  const variantLinks = [...parentOf].map(([variant, parent]) => [
    runProductIdAt.get(variant)!,
    runProductIdAt.get(parent)!,
  ]);
  if (variantLinks.length > 0) {
    await tx.execute(sql`
      update bundle_workflow_products p set is_multiple_of = v.parent
      from unnest(${sql.param(variantLinks.map(([v]) => v!))}::int[], ${sql.param(variantLinks.map(([, p]) => p!))}::int[])
        as v(variant, parent)
      where p.id = v.variant`);
  }

  const toQueue = parsed
    .filter((product) => !parentOf.has(product.position))
    .map((product) => runProductIdAt.get(product.position)!);
  // A big run's jobs are queued by one follow-up job, in batches: the answer need not wait for them.
  if (toQueue.length <= INLINE_RUN_JOBS) await queueGenerateJobs(tx, toQueue);
  else await queueRunJobsLater(tx, runId);
}

/** Moved beside its task; still exported here for callers that import it with the rest of a run's creation. */
