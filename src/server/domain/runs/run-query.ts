// The view's queries: the owner's run, its totals, its products with their images, and its head (what the
// ETag is made of). Each is one statement over indexed rows; view-run.ts puts them together into one.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BundleWorkflowProduct, RunTotals } from '../../../common/contract/entities';
import type { Queryable } from '../../db/client';
import { generatedCopySql } from '../../db/copy-sql';
import { rawRows } from '../../db/raw-rows';
import { bundles, bundleWorkflows, workflows } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { liveBundleOf, workflowVisibleTo } from '../../leaves/ownership/conditions';
import { type ProductRow, toProduct, toTotals, totalsRow } from './run-shape';

/** Which run: the owner's run of a workflow on a bundle. */
export type RunKey = { ownerId: string; bundleId: number; workflowId: number };

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
    // Another user's workflow answers as a missing one does.
    .leftJoin(workflows, and(eq(workflows.id, workflowId), workflowVisibleTo(ownerId)))
    .leftJoin(
      bundleWorkflows,
      and(eq(bundleWorkflows.bundleId, bundles.id), eq(bundleWorkflows.workflowId, workflowId)),
    )
    .where(and(eq(bundles.id, bundleId), liveBundleOf(ownerId)));
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

/**
 * The whole run's counts and cost. The counts are index-only over bwp_run_status_idx (bundle_workflow_id,
 * status), so a 50,000-product run costs a few milliseconds and no product row is read; cost and tokens
 * come from the run's logs. A big run whose rows the prepare-run job has not written yet counts the bundle's
 * products, so it reads as 0 of N done (still moving), never as an empty, finished run. `run` is the run's id,
 * or an SQL expression giving it (the head of the view's one statement).
 */
export function totalsSql(run: SQL | number): SQL {
  return sql`
    select case when p.total > 0 then p.total
                else (select count(*)::int from products pr join bundle_workflows bw on bw.bundle_id = pr.bundle_id
                      where bw.id = ${run}) end as total,
           p.done, p.failed, l.cost, l.cost_unknown, l.prompt_tokens, l.completion_tokens, l.cached_tokens,
           l.reserved_cost
    from (select count(*)::int as total,
                 count(*) filter (where status = 'done')::int as done,
                 count(*) filter (where status = 'failed')::int as failed
          from bundle_workflow_products where bundle_workflow_id = ${run}) p,
         (select coalesce(sum(cost), 0)::float8 as cost,
                 coalesce(bool_or(type = 'ai' and cost is null), false) as cost_unknown,
                 coalesce(sum(prompt_tokens), 0)::int as prompt_tokens,
                 coalesce(sum(completion_tokens), 0)::int as completion_tokens,
                 coalesce(sum(cached_tokens), 0)::int as cached_tokens,
                 coalesce(sum(cost) filter (where call_state = 'started'), 0)::float8 as reserved_cost
          from logs where bundle_workflow_id = ${run}) l`;
}

export async function runTotals(db: Queryable, bundleWorkflowId: number): Promise<RunTotals> {
  const [row] = await rawRows(db, totalsRow, totalsSql(bundleWorkflowId));
  return toTotals(row!);
}

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

export function runProductsSql(bundleWorkflowId: number | SQL, filter: SQL, orderAndLimit: SQL): SQL {
  return sql`
    select p.id, p.product_id, p.bundle_workflow_id, pr.details, pr.store_copy, ${generatedCopySql('p')}, p.progress, p.status, p.error, p.url_suggestion_level, p.url_suggestion,
           p.is_multiple_of, p.review_state, p.problems, p.translations, p.locked_fields, p.version,
           to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
           (select u.name from product_versions v join "user" u on u.id = v.user_id
            where v.bundle_workflow_product_id = p.id and v.user_id is not null
            order by v.id desc limit 1) as edited_by,
           (select u.name from "user" u where u.id = p.reviewed_by) as reviewed_by,
           to_char(p.reviewed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as reviewed_at,
           (select json_agg(json_build_object(
                     'bundle_workflow_products_image_id', i.id, 'url', i.url, 'alt_text', i.alt_text,
                     'compression_requested', i.compression_requested,
                     'compression_processing_id', i.compression_processing_id,
                     'compression_complete', i.compression_complete,
                     'original_bytes', i.original_bytes, 'compressed_bytes', i.compressed_bytes,
                     'compression_error', i.compression_error, 'photo_facts', i.photo_facts) order by i.position)
            from bundle_workflow_product_images i where i.bundle_workflow_product_id = p.id) as image_details
    from bundle_workflow_products p
    join products pr on pr.id = p.product_id
    where p.bundle_workflow_id = ${bundleWorkflowId} ${filter}
    ${orderAndLimit}`;
}

async function selectRunProducts(
  db: Queryable,
  bundleWorkflowId: number,
  filter: SQL,
  orderAndLimit: SQL,
): Promise<BundleWorkflowProduct[]> {
  const { rows } = await db.execute<ProductRow>(runProductsSql(bundleWorkflowId, filter, orderAndLimit));
  return rows.map(toProduct);
}

/**
 * The owner's run and what the ETag is made of, in one statement over indexed rows: the run row's version and
 * the highest product version (both from the sequence run_change_seq, which triggers bump on every write to a
 * product, to its images and to the run), the last log line (cost and tokens come from logs), and the
 * statement's snapshot xmin for the cursor. A bundle marked deleted is missing.
 */
const b = alias(bundles, 'b');
const w = alias(workflows, 'w');

export function runHeadSql(request: RunKey): SQL {
  return sql`
    select bw.id as bundle_workflow_id, b.name as bundle_name, bw.paused_reason, b.spending_cap_usd::text,
           b.language, b.language_source, b.language_confidence, b.language_mix,
           bw.version::text as run_version,
           (select max(p.version) from bundle_workflow_products p
            where p.bundle_workflow_id = bw.id)::text as max_version,
           (select max(l.id) from logs l where l.bundle_workflow_id = bw.id)::text as last_log,
           pg_snapshot_xmin(pg_current_snapshot())::text as snapshot_xmin,
           (select row_to_json(i) from (select si.state, si.method, si.products_read, si.products_total,
              si.products, si.error from store_imports si where si.bundle_id = b.id) i) as store_import
    from bundles b
    join bundle_workflows bw on bw.bundle_id = b.id and bw.workflow_id = ${request.workflowId}
    join workflows w on w.id = bw.workflow_id and ${workflowVisibleTo(request.ownerId, w)}
    where b.id = ${request.bundleId} and ${liveBundleOf(request.ownerId, b)}`;
}

/** No run to show: findRun names why (unknown_bundle, unknown_workflow, not_created); a deleted bundle is unknown. */
export async function missingRun(db: Queryable, request: RunKey): Promise<never> {
  await findRun(db, request.ownerId, request.bundleId, request.workflowId);
  throw new AppError('unknown_bundle');
}
