// new-bundle: parse and validate the list, then write the bundle, its products, the run, the run's product
// and image rows, and one job per product, in one transaction (the run's part is start-run.ts). A list over
// INLINE_RUN_ROWS writes only the bundle, its products and the run, and a prepare-run job writes the rest
// (src/server/leaves/queue/run-jobs.ts). Anything invalid writes nothing. The list is either the SPEC's
// columns + raw_csv or a store export (parse-store-export.ts). The bundle's language is decided in the same
// transaction from its products' (bundle-language.ts), or is the one the request names.
import { sql } from 'drizzle-orm';
import type { ParsedFunctionRequest } from '../../../common/contract/functions';
import type { Database, Queryable } from '../../db/client';
import { rawRows, rowOf } from '../../db/raw-rows';
import { bundles, bundleWorkflows, products } from '../../db/schema';
import type { Membership } from '../../leaves/ownership/membership';
import { INLINE_RUN_ROWS, queuePrepareRun } from '../../leaves/queue/run-jobs';
import type { ParsedProduct } from '../list-import/parse-product-list';
import { type ProductListInput, productRowsJsonb, readProductList } from '../list-import/read-product-list';
import { resolveWorkflow } from '../workflows/workflow-access';
import { givenLanguageColumns, settleBundleLanguage } from './bundle-language';
import { planRun, startRun } from './start-run';

const insertedProduct = rowOf(products, ['id', 'position']);

export type CreatedBundle = { bundle_id: number; workflow_id: number; bundle_workflow_id: number };

export async function createBundle(
  db: Database,
  member: Membership,
  input: ParsedFunctionRequest<'new-bundle'>,
  hasApiKey: boolean,
  /**
   * The list already read: off the event loop (import-pool.ts), or from a connected store (import-store) with
   * `link`, which writes the store's ids beside the products in the same transaction. Read here when absent.
   */
  list: PreparedProductList = readProductList(input),
): Promise<CreatedBundle> {
  const ownerId = member.workspaceId;
  const { columns, parsed, storeParents, link } = list;
  const workflow = await resolveWorkflow(db, ownerId, input.workflow_id, hasApiKey);

  return db.transaction(async (tx) => {
    const [bundle] = await tx
      .insert(bundles)
      .values({
        ownerId,
        name: input.bundle_name,
        columns,
        customFields: input.custom_fields,
        spendingCapUsd: input.spending_cap_usd ?? null,
        fillEmptyOnly: input.fill_empty_only ?? false,
        currency: input.currency ?? null,
        ...givenLanguageColumns(input.language),
      })
      .returning({ id: bundles.id });
    // A big list: the answer needs the bundle, its products and the run; the run's product and image rows,
    // its variants, URL suggestions and jobs are written by the prepare-run job queued with them.
    if (list.rows || parsed.length > INLINE_RUN_ROWS) {
      const productIds = list.rows
        ? await insertRowChunks(tx, bundle!.id, list.rows.chunks)
        : await insertProducts(tx, bundle!.id, parsed);
      await link?.(tx, productIds);
      await settleBundleLanguage(tx, bundle!.id);
      if (input.fill_empty_only === undefined) await keepStoreSeoByDefault(tx, bundle!.id);
      const [run] = await tx
        .insert(bundleWorkflows)
        .values({ bundleId: bundle!.id, workflowId: workflow.id, startedBy: member.userId })
        .returning({ id: bundleWorkflows.id });
      await queuePrepareRun(tx, run!.id);
      return { bundle_id: bundle!.id, workflow_id: workflow.id, bundle_workflow_id: run!.id };
    }
    // Postgres stores the products while this process works out variants and URL suggestions, so on two
    // cores the two run side by side instead of taking turns.
    const [productIds, plan] = await Promise.all([
      insertProducts(tx, bundle!.id, parsed),
      planRun(parsed, input.custom_fields, storeParents, workflow.language),
    ]);
    await link?.(tx, productIds);
    await settleBundleLanguage(tx, bundle!.id);
    if (input.fill_empty_only === undefined) await keepStoreSeoByDefault(tx, bundle!.id);
    const bundleWorkflowId = await startRun(
      tx,
      { bundleId: bundle!.id, workflowId: workflow.id, startedBy: member.userId },
      parsed,
      productIds,
      input.custom_fields,
      plan,
    );
    return { bundle_id: bundle!.id, workflow_id: workflow.id, bundle_workflow_id: bundleWorkflowId };
  });
}

/**
 * A store file that already holds SEO copy (a title or meta description on any product) keeps it unless the
 * request says otherwise: the bundle fills only the empty fields. Replacing the store's own copy is a choice.
 */
async function keepStoreSeoByDefault(tx: Queryable, bundleId: number): Promise<void> {
  await tx.execute(sql`
    update bundles set fill_empty_only = true
    where id = ${bundleId} and exists (
      select 1 from products
      where bundle_id = ${bundleId} and (store_copy ? 'page_title' or store_copy ? 'meta_description')
    )`);
}

export type PreparedProductList = ProductListInput & {
  /** Writes what belongs beside the products (a store's ids), given their ids in the order of `parsed`. */
  link?: (tx: Queryable, productIds: number[]) => Promise<void>;
};

/**
 * Every product in one statement: the rows go over as one jsonb value that Postgres unpacks itself.
 * Through the query builder, 2,000 rows a statement, a 20,000-row list spent seconds binding parameters.
 * Returns the products' ids in the order of `parsed`; rows made in an import worker come with `parsed`
 * empty, and as nothing then needs the ids, none are sent back.
 */
export async function insertProducts(
  tx: Queryable,
  bundleId: number,
  parsed: ParsedProduct[],
  rowsJsonb: Uint8Array = productRowsJsonb(parsed),
): Promise<number[]> {
  const insert = sql`
    insert into products (bundle_id, position, details, image_urls, store_copy, language, language_confidence)
    select ${bundleId}, r.position, r.details, r."imageUrls", r."storeCopy", r.language, r."languageConfidence"
    from jsonb_to_recordset(${rowsJsonb}::jsonb)
      as r(position int, details jsonb, "imageUrls" jsonb, "storeCopy" jsonb, language text, "languageConfidence" real)
    order by r.position`;
  if (parsed.length === 0) {
    await tx.execute(insert);
    return [];
  }
  const inserted = await rawRows(tx, insertedProduct, sql`${insert} returning id, position`);
  const idByPosition = new Map(inserted.map((row) => [row.position, row.id]));
  return parsed.map((product) => idByPosition.get(product.position)!);
}

/**
 * A big list's products, a chunk at a time as they arrive from the import worker: PostgreSQL stores one
 * while the worker reads the next. A problem the worker finds later throws here, and the transaction writes
 * nothing. No ids come back: nothing in the answer needs them.
 */
async function insertRowChunks(
  tx: Queryable,
  bundleId: number,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<number[]> {
  for await (const jsonb of chunks) await insertProducts(tx, bundleId, [], jsonb);
  return [];
}
