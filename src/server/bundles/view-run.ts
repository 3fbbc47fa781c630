// view-bundle-workflow: a run's products with their copy and images, and the run's totals. It is polled
// every 5 seconds, so an unchanged run is recognised from a fingerprint query and answered with 304.
import { createHash } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { BundleWorkflowProduct, ImageDetail, RunTotals } from '../../common/entities';
import { type FunctionResponse, VIEW_RUN_LIMITS } from '../../common/functions';
import { AppError } from '../app-error';
import { readRunBatches } from '../batch/run-batches';
import type { Database, Queryable } from '../db/client';
import { bundles, bundleWorkflows, workflows } from '../db/schema';
import { bundleSpendOf, CAP_PAUSE_PREFIX, capReachedMessage } from '../spending-cap/spending-cap';

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
    // Another user's workflow answers as a missing one does (issue 13).
    .leftJoin(
      workflows,
      and(
        eq(workflows.id, workflowId),
        sql`(${workflows.ownerId} is null or ${workflows.ownerId} = ${ownerId})`,
      ),
    )
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

/**
 * The whole run's counts and cost. The counts are index-only over bwp_run_status_idx (bundle_workflow_id,
 * status), so a 50,000-product run costs a few milliseconds and no product row is read; cost and tokens
 * come from the run's logs. A big run whose rows the prepare-run job has not written yet counts the bundle's
 * products, so it reads as 0 of N done (still moving), never as an empty, finished run.
 */
type TotalsRow = {
  total: number;
  done: number;
  failed: number;
  cost: number;
  cost_unknown: boolean;
  prompt_tokens: number;
  completion_tokens: number;
  cached_tokens: number;
  reserved_cost: number;
};

/** `run` is the run's id, or an SQL expression giving it (the head of the view's one statement). */
function totalsSql(run: SQL | number): SQL {
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

function toTotals(row: TotalsRow): RunTotals {
  return {
    total: row.total,
    done: row.done,
    failed: row.failed,
    cost: Number(row.cost),
    ...(row.cost_unknown ? { cost_unknown: true } : {}),
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    ...(row.cached_tokens > 0 ? { cached_tokens: row.cached_tokens } : {}),
    reserved_cost: Number(row.reserved_cost),
  };
}

export async function runTotals(db: Queryable, bundleWorkflowId: number): Promise<RunTotals> {
  const { rows } = await db.execute<TotalsRow>(totalsSql(bundleWorkflowId));
  return toTotals(rows[0]!);
}

type ProductRow = {
  id: number;
  product_id: number;
  bundle_workflow_id: number;
  details: Record<string, string | null>;
  store_copy: BundleWorkflowProduct['store_copy'];
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
  review_state: BundleWorkflowProduct['review_state'];
  problems: BundleWorkflowProduct['problems'];
  locked_fields: BundleWorkflowProduct['locked_fields'];
  version: number;
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

function runProductsSql(bundleWorkflowId: number | SQL, filter: SQL, orderAndLimit: SQL): SQL {
  return sql`
    select p.id, p.product_id, p.bundle_workflow_id, pr.details, pr.store_copy, p.page_title, p.meta_description, p.heading,
           p.description, p.fact_sheet, p.progress, p.status, p.error, p.url_suggestion_level, p.url_suggestion,
           p.is_multiple_of, p.review_state, p.problems, p.locked_fields, p.version,
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
    ${orderAndLimit}`;
}

function toProduct({ details, image_details, ...row }: ProductRow): BundleWorkflowProduct {
  return {
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
  };
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

export type RunView = { etag: string; body?: FunctionResponse<'view-bundle-workflow'> };

export type RunViewRequest = {
  ownerId: string;
  bundleId: number;
  workflowId: number;
  limit?: number;
  offset?: number;
  since?: string;
  ifNoneMatch?: string;
};

type RunHead = {
  bundle_workflow_id: number;
  bundle_name: string;
  paused_reason: string | null;
  spending_cap_usd: string | number | null;
  run_version: string;
  max_version: string | null;
  last_log: string | null;
  snapshot_xmin: string;
};

/**
 * The owner's run and what the ETag is made of, in one statement over indexed rows: the run row's version and
 * the highest product version (both from the sequence run_change_seq, which triggers bump on every write to a
 * product, to its images and to the run), the last log line (cost and tokens come from logs), and the
 * statement's snapshot xmin for the cursor. A bundle marked deleted is missing.
 */
function runHeadSql(request: RunViewRequest): SQL {
  return sql`
    select bw.id as bundle_workflow_id, b.name as bundle_name, bw.paused_reason, b.spending_cap_usd::text,
           bw.version::text as run_version,
           (select max(p.version) from bundle_workflow_products p
            where p.bundle_workflow_id = bw.id)::text as max_version,
           (select max(l.id) from logs l where l.bundle_workflow_id = bw.id)::text as last_log,
           pg_snapshot_xmin(pg_current_snapshot())::text as snapshot_xmin
    from bundles b
    join bundle_workflows bw on bw.bundle_id = b.id and bw.workflow_id = ${request.workflowId}
    join workflows w on w.id = bw.workflow_id and (w.owner_id is null or w.owner_id = ${request.ownerId})
    where b.id = ${request.bundleId} and b.owner_id = ${request.ownerId} and b.deleted_at is null`;
}

/** No run to show: findRun names why (unknown_bundle, unknown_workflow, not_created); a deleted bundle is unknown. */
async function missingRun(db: Queryable, request: RunViewRequest): Promise<never> {
  await findRun(db, request.ownerId, request.bundleId, request.workflowId);
  throw new AppError('unknown_bundle');
}

function etagOf(head: RunHead, limit: number, offset: number): string {
  // The pause and the cap are shown too, and the page asked for decides which products an answer holds. The
  // cursor is not part of it: a since poll of an unchanged run is answered 304 against the previous answer.
  const fingerprint = [
    head.bundle_workflow_id,
    head.run_version,
    head.max_version,
    head.last_log,
    head.paused_reason,
    head.spending_cap_usd,
    limit,
    offset,
  ].join('|');
  return `"${createHash('sha1').update(fingerprint).digest('base64url')}"`;
}

/**
 * The cursor is "<version>.<xid>": the highest product version the answer's snapshot saw, and a transaction id
 * no newer than any transaction that could still commit a product row below that version. The version alone
 * would lose writes: a version is taken from the sequence when the row is written, not when it commits, so a
 * save that took version 100 and commits after a read that saw version 101 would sit below the cursor for
 * good. Such a row's transaction was writing to bundle_workflow_products when the read took its snapshot, so
 * it already held its lock on the table, or it started after the check: just before the statement, the view
 * takes the oldest transaction id among the holders of that lock (pg_locks), or else the next id to be
 * assigned. A since poll then returns the rows above the version and also the rows whose xmin (the writing
 * transaction) is not older than that id. (The snapshot's own xmin would do too, but it is held back by any
 * long transaction in the whole cluster, and every poll would then send everything written since.) The price:
 * a poll may send again a few rows written just before the previous one; the client merges them by id.
 */
const MAX_BIGINT = 2n ** 63n - 1n;

function parseCursor(since: string): { version: string; xmin32: string } {
  const [version, xmin] = since.split('.');
  // The contract's pattern lets any digits through; a version past bigint is no cursor this server gave.
  if (BigInt(version!) > MAX_BIGINT) {
    throw new AppError(
      'bad_input',
      'since is not a cursor from an earlier answer: its version is out of range.',
    );
  }
  // xmin is a 32-bit transaction id on rows; age() compares it with the cursor's 64-bit xmin wrap-safely, and
  // a frozen row counts as old.
  return { version: version!, xmin32: (BigInt(xmin!) % 4294967296n).toString() };
}

/**
 * The run as the view shows it: a page of its products (by id), or with `since` only the products changed
 * after that cursor; without a body when the caller's ETag still matches. An unchanged poll costs one indexed
 * statement. A changed one is one statement too, so the head, the totals and the products come from one
 * snapshot: read apart, a product saved in between would show every product settled while the totals still
 * count one short, and the client, seeing the run complete, would stop polling at "11 of 12 done" for good.
 */
export async function viewRun(db: Database, request: RunViewRequest): Promise<RunView> {
  const limit = request.limit ?? VIEW_RUN_LIMITS.defaultLimit;
  const offset = request.since === undefined ? (request.offset ?? 0) : 0;
  if (request.ifNoneMatch) {
    const { rows } = await db.execute<RunHead>(runHeadSql(request));
    const head = rows[0] ?? (await missingRun(db, request));
    const etag = etagOf(head, limit, offset);
    if (etag === request.ifNoneMatch) return { etag };
  }

  const since = request.since === undefined ? undefined : parseCursor(request.since);
  // Read before the view's statement takes its snapshot (see the cursor, above).
  const { rows: writers } = await db.execute<{ oldest: string }>(sql`
    select coalesce(
      (select a.backend_xid from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'relation' and l.relation = 'bundle_workflow_products'::regclass
         and l.database = (select oid from pg_database where datname = current_database())
         and l.granted and a.backend_xid is not null
       order by age(a.backend_xid) desc limit 1),
      (pg_snapshot_xmax(pg_current_snapshot())::text::bigint % 4294967296)::text::xid)::text as oldest`);
  const products = since
    ? runProductsSql(
        sql`(select bundle_workflow_id from head)`,
        sql`and (p.version > ${since.version}::bigint or age(p.xmin) <= age(${since.xmin32}::text::xid))`,
        sql`order by p.id limit ${limit + 1}`,
      )
    : runProductsSql(
        sql`(select bundle_workflow_id from head)`,
        sql``,
        sql`order by p.id limit ${limit} offset ${offset}`,
      );
  const { rows } = await db.execute<{
    head: RunHead | null;
    totals: TotalsRow | null;
    products: ProductRow[] | null;
  }>(sql`
    with head as (${runHeadSql(request)}),
    page as (${products})
    select (select row_to_json(head) from head) as head,
           (select row_to_json(t) from (${totalsSql(sql`(select bundle_workflow_id from head)`)}) t) as totals,
           (select json_agg(page order by page.id) from page) as products`);
  const { head, totals: totalsRow, products: productRows } = rows[0]!;
  if (!head || !totalsRow) return missingRun(db, request);
  const etag = etagOf(head, limit, offset);
  const totals = toTotals(totalsRow);
  const cursor = `${head.max_version ?? '0'}.${writers[0]!.oldest}`;
  let list = (productRows ?? []).map(toProduct);
  let hasMore: boolean;
  let nextOffset: number | null = null;
  if (since) {
    hasMore = list.length > limit;
    if (hasMore) list = list.slice(0, limit);
  } else {
    hasMore = list.length > 0 && offset + list.length < totals.total;
    nextOffset = hasMore ? offset + list.length : null;
  }
  return {
    etag,
    body: {
      bundle_workflow_id: head.bundle_workflow_id,
      bundle_name: head.bundle_name,
      paused_reason: await currentPauseReason(db, head, request.bundleId),
      spending_cap_usd: head.spending_cap_usd === null ? null : Number(head.spending_cap_usd),
      totals,
      products: list,
      cursor,
      has_more: hasMore,
      next_offset: nextOffset,
      // Read just after the statement: a batch's change bumps the run row, so the next poll's ETag differs.
      batches: await readRunBatches(db, head.bundle_workflow_id),
    },
  };
}

/**
 * A cap's pause message with the spend as it is now, so that it shows the figure the run header and the log show
 * (calls in flight when it paused settle after it), reserved-but-unsettled calls named as such.
 */
async function currentPauseReason(
  db: Queryable,
  head: Pick<RunHead, 'paused_reason' | 'spending_cap_usd'>,
  bundleId: number,
): Promise<string | null> {
  if (!head.paused_reason?.startsWith(CAP_PAUSE_PREFIX) || head.spending_cap_usd === null)
    return head.paused_reason;
  const next = /next call could cost up to \$([\d.]+)/.exec(head.paused_reason)?.[1];
  return capReachedMessage(
    Number(head.spending_cap_usd),
    await bundleSpendOf(db, bundleId),
    next === undefined ? undefined : Number(next),
  );
}
