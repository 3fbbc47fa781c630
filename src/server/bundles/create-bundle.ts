// new-bundle: parse and validate the list, then write the bundle, its products, the run, the run's product
// and image rows, and one job per product, in one transaction. Anything invalid writes nothing.
import { sql } from 'drizzle-orm';
import type { CustomFields } from '../../common/entities';
import type { ParsedFunctionRequest } from '../../common/functions';
import type { Database, Queryable } from '../db/client';
import {
  bundles,
  bundleWorkflowProductImages,
  bundleWorkflowProducts,
  bundleWorkflows,
  products,
} from '../db/schema';
import { queueGenerateJobs } from '../jobs/queue';
import { detectVariants } from './detect-variants';
import { type ParsedProduct, parseProductList } from './parse-product-list';
import { suggestUrl } from './suggest-url';
import { resolveWorkflow } from './workflow-access';

export type CreatedBundle = { bundle_id: number; workflow_id: number; bundle_workflow_id: number };

/** Postgres takes at most 65,535 parameters per statement; rows go in chunks well under that. */
const INSERT_CHUNK = 2_000;

export async function createBundle(
  db: Database,
  ownerId: string,
  input: ParsedFunctionRequest<'new-bundle'>,
  hasApiKey: boolean,
): Promise<CreatedBundle> {
  const parsed = parseProductList(input.raw_csv, input.columns);
  const workflow = await resolveWorkflow(db, input.workflow_id, hasApiKey);

  return db.transaction(async (tx) => {
    const [bundle] = await tx
      .insert(bundles)
      .values({
        ownerId,
        name: input.bundle_name,
        columns: input.columns,
        customFields: input.custom_fields,
        spendingCapUsd: input.spending_cap_usd ?? null,
      })
      .returning({ id: bundles.id });
    const productIds = await insertProducts(tx, bundle!.id, parsed);
    const bundleWorkflowId = await startRun(
      tx,
      bundle!.id,
      workflow.id,
      parsed,
      productIds,
      input.custom_fields,
    );
    return { bundle_id: bundle!.id, workflow_id: workflow.id, bundle_workflow_id: bundleWorkflowId };
  });
}

async function insertProducts(tx: Queryable, bundleId: number, parsed: ParsedProduct[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < parsed.length; start += INSERT_CHUNK) {
    const rows = await tx
      .insert(products)
      .values(
        parsed.slice(start, start + INSERT_CHUNK).map((product) => ({
          bundleId,
          position: product.position,
          details: product.details,
          imageUrls: product.imageUrls,
        })),
      )
      .returning({ id: products.id, position: products.position });
    rows.sort((a, b) => a.position - b.position);
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/**
 * Writes a run of `workflowId` over the bundle's products: a product row with its URL suggestion and
 * variant link, its image rows, and a job for every product that is not a variant (variants are queued
 * when their parent finishes, so they can be written from its copy).
 */
export async function startRun(
  tx: Queryable,
  bundleId: number,
  workflowId: number,
  parsed: ParsedProduct[],
  productIds: number[],
  customFields: CustomFields,
): Promise<number> {
  const [run] = await tx
    .insert(bundleWorkflows)
    .values({ bundleId, workflowId })
    .returning({ id: bundleWorkflows.id });
  const runId = run!.id;
  const parentOf = detectVariants(parsed);

  const runProductIds: number[] = [];
  for (let start = 0; start < parsed.length; start += INSERT_CHUNK) {
    const chunk = parsed.slice(start, start + INSERT_CHUNK);
    const rows = await tx
      .insert(bundleWorkflowProducts)
      .values(
        chunk.map((product, i) => {
          const suggestion = suggestUrl({
            template: customFields.url_template,
            product: product.details,
            keywords: customFields.keywords,
          });
          return {
            bundleWorkflowId: runId,
            productId: productIds[start + i]!,
            urlSuggestion: suggestion.url_suggestion,
            urlSuggestionLevel: suggestion.url_suggestion_level,
          };
        }),
      )
      .returning({ id: bundleWorkflowProducts.id, productId: bundleWorkflowProducts.productId });
    const byProduct = new Map(rows.map((row) => [row.productId, row.id]));
    runProductIds.push(...chunk.map((_, i) => byProduct.get(productIds[start + i]!)!));
  }

  const images = parsed.flatMap((product) =>
    product.imageUrls.map((url, position) => ({
      bundleWorkflowProductId: runProductIds[product.position]!,
      position,
      url,
    })),
  );
  for (let start = 0; start < images.length; start += INSERT_CHUNK) {
    await tx.insert(bundleWorkflowProductImages).values(images.slice(start, start + INSERT_CHUNK));
  }

  const variantLinks = [...parentOf].map(([variant, parent]) => [
    runProductIds[variant]!,
    runProductIds[parent]!,
  ]);
  if (variantLinks.length > 0) {
    await tx.execute(sql`
      update bundle_workflow_products p set is_multiple_of = v.parent
      from unnest(${toPgArray(variantLinks.map(([v]) => v!))}::int[], ${toPgArray(variantLinks.map(([, p]) => p!))}::int[])
        as v(variant, parent)
      where p.id = v.variant`);
  }

  await queueGenerateJobs(
    tx,
    runProductIds.filter((_, position) => !parentOf.has(position)),
  );
  return runId;
}

function toPgArray(values: number[]): string {
  return `{${values.join(',')}}`;
}
