// view-bundle-workflow: a run's products with their copy and images, and the run's totals. It is polled
// every 5 seconds, so an unchanged run is recognised from a fingerprint query and answered with 304.
import { createHash } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { BundleWorkflowProduct, ImageDetail, RunTotals } from '../../common/entities';
import type { FunctionResponse } from '../../common/functions';
import { AppError } from '../app-error';
import type { Database, Queryable } from '../db/client';
import { bundles, bundleWorkflows, workflows } from '../db/schema';

type RunRef = {
  bundleWorkflowId: number;
  bundleName: string;
  pausedReason: string | null;
  spendingCapUsd: number | null;
};

/** The owner's run of a workflow on a bundle, with the SPEC's error types for each way it can be missing. */
export async function findRun(
  db: Queryable,
  ownerId: string,
  bundleId: number,
  workflowId: number,
): Promise<RunRef> {
  const [found] = await db
    .select({
      bundleName: bundles.name,
      spendingCapUsd: bundles.spendingCapUsd,
      bundleWorkflowId: bundleWorkflows.id,
      pausedReason: bundleWorkflows.pausedReason,
      workflowExists: workflows.id,
    })
    .from(bundles)
    .leftJoin(workflows, eq(workflows.id, workflowId))
    .leftJoin(
      bundleWorkflows,
      and(eq(bundleWorkflows.bundleId, bundles.id), eq(bundleWorkflows.workflowId, workflowId)),
    )
    .where(and(eq(bundles.id, bundleId), eq(bundles.ownerId, ownerId)));
  if (!found) throw new AppError('unknown_bundle');
  if (found.workflowExists === null) throw new AppError('unknown_workflow');
  if (found.bundleWorkflowId === null) throw new AppError('not_created');
  return {
    bundleWorkflowId: found.bundleWorkflowId,
    bundleName: found.bundleName,
    pausedReason: found.pausedReason,
    spendingCapUsd: found.spendingCapUsd,
  };
}

type TotalsRow = {
  total: number;
  done: number;
  failed: number;
  last_change: string | null;
  progress_sum: number;
  cost: number;
  prompt_tokens: number;
  completion_tokens: number;
  last_log: number | null;
  last_image_change: string | null;
};

/** Counts, cost and a fingerprint of everything the view shows, in one query over indexed rows. */
export async function runTotals(
  db: Queryable,
  bundleWorkflowId: number,
): Promise<{ totals: RunTotals; fingerprint: string }> {
  const { rows } = await db.execute<TotalsRow>(sql`
    select p.total, p.done, p.failed, p.last_change, p.progress_sum,
           l.cost, l.prompt_tokens, l.completion_tokens, l.last_log, i.last_image_change
    from (select count(*)::int as total,
                 count(*) filter (where status = 'done')::int as done,
                 count(*) filter (where status = 'failed')::int as failed,
                 max(updated_at)::text as last_change,
                 coalesce(sum(progress), 0)::int as progress_sum
          from bundle_workflow_products where bundle_workflow_id = ${bundleWorkflowId}) p,
         (select coalesce(sum(cost), 0)::float8 as cost,
                 coalesce(sum(prompt_tokens), 0)::int as prompt_tokens,
                 coalesce(sum(completion_tokens), 0)::int as completion_tokens,
                 max(id) as last_log
          from logs where bundle_workflow_id = ${bundleWorkflowId}) l,
         (select max(i.updated_at)::text as last_image_change
          from bundle_workflow_product_images i
          join bundle_workflow_products p on p.id = i.bundle_workflow_product_id
          where p.bundle_workflow_id = ${bundleWorkflowId}) i`);
  const row = rows[0]!;
  const fingerprint = [
    bundleWorkflowId,
    row.total,
    row.done,
    row.failed,
    row.last_change,
    row.progress_sum,
    row.last_log,
    row.last_image_change,
  ].join('|');
  return {
    totals: {
      total: row.total,
      done: row.done,
      failed: row.failed,
      cost: Number(row.cost),
      prompt_tokens: row.prompt_tokens,
      completion_tokens: row.completion_tokens,
    },
    fingerprint,
  };
}

type ProductRow = {
  id: number;
  product_id: number;
  bundle_workflow_id: number;
  details: Record<string, string | null>;
  page_title: string | null;
  meta_description: string | null;
  heading: string | null;
  description: string | null;
  fact_sheet: string | null;
  progress: number;
  status: BundleWorkflowProduct['status'];
  error: string | null;
  url_suggestion_level: BundleWorkflowProduct['url_suggestion_level'];
  url_suggestion: string | null;
  is_multiple_of: number | null;
  created_at: string;
  updated_at: string;
  image_details: ImageDetail[] | null;
};

/** Every product of the run (or just one) with its images, in one query, ordered by id. */
export async function runProducts(
  db: Queryable,
  bundleWorkflowId: number,
  onlyId?: number,
): Promise<BundleWorkflowProduct[]> {
  return selectRunProducts(
    db,
    bundleWorkflowId,
    onlyId === undefined ? sql`` : sql`and p.id = ${onlyId}`,
    sql`order by p.id`,
  );
}

/**
 * One page of a run's products, keyset-paged so that each page costs the same however deep it is: by id, or
 * grouped (a product, then its variants) by (coalesce(is_multiple_of, id), id).
 */
export async function runProductPage(
  db: Queryable,
  bundleWorkflowId: number,
  page: { grouped: boolean; after: { group: number; id: number } | null; limit: number },
): Promise<BundleWorkflowProduct[]> {
  const key = page.grouped ? sql`coalesce(p.is_multiple_of, p.id)` : sql`p.id`;
  const after = page.after;
  const filter =
    after === null
      ? sql``
      : page.grouped
        ? sql`and (${key}, p.id) > (${after.group}, ${after.id})`
        : sql`and p.id > ${after.id}`;
  return selectRunProducts(db, bundleWorkflowId, filter, sql`order by ${key}, p.id limit ${page.limit}`);
}

async function selectRunProducts(
  db: Queryable,
  bundleWorkflowId: number,
  filter: SQL,
  orderAndLimit: SQL,
): Promise<BundleWorkflowProduct[]> {
  const { rows } = await db.execute<ProductRow>(sql`
    select p.id, p.product_id, p.bundle_workflow_id, pr.details, p.page_title, p.meta_description, p.heading,
           p.description, p.fact_sheet, p.progress, p.status, p.error, p.url_suggestion_level, p.url_suggestion,
           p.is_multiple_of,
           to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
           (select json_agg(json_build_object(
                     'bundle_workflow_products_image_id', i.id, 'url', i.url, 'alt_text', i.alt_text,
                     'compression_requested', i.compression_requested,
                     'compression_processing_id', i.compression_processing_id,
                     'compression_complete', i.compression_complete,
                     'original_bytes', i.original_bytes, 'compressed_bytes', i.compressed_bytes,
                     'compression_error', i.compression_error) order by i.position)
            from bundle_workflow_product_images i where i.bundle_workflow_product_id = p.id) as image_details
    from bundle_workflow_products p
    join products pr on pr.id = p.product_id
    where p.bundle_workflow_id = ${bundleWorkflowId} ${filter}
    ${orderAndLimit}`);
  return rows.map(({ details, image_details, ...row }) => ({
    ...row,
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
  }));
}

export type RunView = { etag: string; body?: FunctionResponse<'view-bundle-workflow'> };

/**
 * The run as the view shows it; without a body when the caller's ETag still matches. The totals, the ETag and
 * the products are read in one snapshot: read apart, a product saved in between would show every product
 * settled while the totals (and the ETag) still count one short, and the client, seeing the run complete,
 * would stop polling at "11 of 12 done" for good.
 */
export function viewRun(
  db: Database,
  ownerId: string,
  bundleId: number,
  workflowId: number,
  ifNoneMatch: string | undefined,
): Promise<RunView> {
  return db.transaction((tx) => readRunView(tx, ownerId, bundleId, workflowId, ifNoneMatch), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function readRunView(
  db: Queryable,
  ownerId: string,
  bundleId: number,
  workflowId: number,
  ifNoneMatch: string | undefined,
): Promise<RunView> {
  const run = await findRun(db, ownerId, bundleId, workflowId);
  const totals = await runTotals(db, run.bundleWorkflowId);
  // The pause and the cap are shown too, so they are part of the fingerprint.
  const fingerprint = `${totals.fingerprint}|${run.pausedReason}|${run.spendingCapUsd}`;
  const etag = `"${createHash('sha1').update(fingerprint).digest('base64url')}"`;
  if (ifNoneMatch && ifNoneMatch === etag) return { etag };
  const products = await runProducts(db, run.bundleWorkflowId);
  return {
    etag,
    body: {
      bundle_workflow_id: run.bundleWorkflowId,
      bundle_name: run.bundleName,
      paused_reason: run.pausedReason,
      spending_cap_usd: run.spendingCapUsd,
      totals: totals.totals,
      products,
    },
  };
}
