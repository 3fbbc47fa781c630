// The end of an import-store job: the catalogue read from the store becomes the bundle's products,
// each with the store's ids beside it, and the run's rows and jobs, in one transaction with the import marked
// done, exactly as new-bundle writes a store export (the same mapper, variants and store copy). The import
// row is locked first and only a running import is filled, so a second attempt that reaches this point after
// the first committed writes nothing: no product is ever imported twice. A catalogue too big to hold (a Shopify
// bulk result) is read inside the transaction and written a chunk of whole products at a time, so the process
// holds one chunk, not the catalogue; a failure in any chunk (a line too long, a product that does not map)
// rolls every chunk back.

import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { z } from 'zod';
import type { CustomFields } from '../../../common/contract/entities';
import type { Database, Queryable } from '../../db/client';
import { rawRows, rowOf } from '../../db/raw-rows';
import { bundles, storeImports, storeProducts } from '../../db/schema';
import { INLINE_RUN_ROWS, queuePrepareRun } from '../../leaves/queue/run-jobs';
import { settleBundleLanguage } from '../bundles/bundle-language';
import { insertProducts } from '../bundles/create-bundle';
import { fillRun, planRun } from '../bundles/start-run';
import type { ParsedProduct } from '../list-import/parse-product-list';
import { parseStoreExport } from '../list-import/parse-store-export';
import type { ChunkedCatalogue, PulledCatalogue } from './pulled-catalogue';

/** The import row, locked, with what filling its bundle needs. */
const lockedImportRow = rowOf(storeImports, ['state', 'bundleId', 'bundleWorkflowId'], {
  deleted: z.boolean(),
  custom_fields: z.custom<CustomFields>((value) => typeof value === 'object' && value !== null),
  language: z.string().nullable(),
});

export async function fillImport(
  db: Database,
  importId: number,
  storeId: number,
  catalogue: PulledCatalogue | ChunkedCatalogue,
): Promise<void> {
  const chunksOf =
    'chunks' in catalogue
      ? catalogue.chunks
      : async function* () {
          yield catalogue;
        };
  await db.transaction(async (tx) => {
    const rows = await rawRows(
      tx,
      lockedImportRow,
      sql`
      select i.state, i.bundle_id, i.bundle_workflow_id, b.deleted_at is not null as deleted, b.custom_fields,
             w.language
      from store_imports i
      join bundles b on b.id = i.bundle_id
      join bundle_workflows bw on bw.id = i.bundle_workflow_id
      join workflows w on w.id = bw.workflow_id
      where i.id = ${importId}
      for update of i`,
    );
    const found = rows[0];
    if (found?.state !== 'running') return;
    if (found.deleted) {
      await tx
        .update(storeImports)
        .set({ state: 'failed', error: 'The bundle was deleted during the import.', finishedAt: sql`now()` })
        .where(eq(storeImports.id, importId));
      return;
    }
    const runId = found.bundleWorkflowId;
    const filled = await fillProducts(tx, found.bundleId, storeId, chunksOf(tx));
    await tx.update(bundles).set({ columns: filled.columns }).where(eq(bundles.id, found.bundleId));
    await settleBundleLanguage(tx, found.bundleId);
    if (filled.count > INLINE_RUN_ROWS) {
      await queuePrepareRun(tx, runId);
    } else {
      const plan = await planRun(filled.held, found.custom_fields, filled.parentOf, found.language);
      await fillRun(tx, runId, filled.held, filled.heldIds, found.custom_fields, plan);
    }
    // The run's row changes too, so that a view polled during the import sees a new version.
    await tx.execute(sql`update bundle_workflows set updated_at = now() where id = ${runId}`);
    await tx
      .update(storeImports)
      .set({
        state: 'done',
        products: filled.count,
        productsRead: sql`greatest(${storeImports.productsRead}, coalesce(${storeImports.productsTotal}, 0))`,
        finishedAt: sql`now()`,
      })
      .where(eq(storeImports.id, importId));
  });
}

type FilledProducts = {
  columns: string[];
  count: number;
  /** Up to INLINE_RUN_ROWS products, kept for a run filled in this transaction; empty past it. */
  held: ParsedProduct[];
  heldIds: number[];
  parentOf: Map<number, number>;
};

/**
 * Each chunk mapped as the store's export (the same mapper as new-bundle) and stored, its products placed
 * after the chunks before it, with the store's ids beside them. Past INLINE_RUN_ROWS nothing is kept: the
 * prepare-run job reads the products back, variant links included (store-variant-links.ts).
 */
async function fillProducts(
  tx: Queryable,
  bundleId: number,
  storeId: number,
  chunks: AsyncIterable<PulledCatalogue>,
): Promise<FilledProducts> {
  const filled: FilledProducts = { columns: [], count: 0, held: [], heldIds: [], parentOf: new Map() };
  for await (const chunk of chunks) {
    const list = parseStoreExport(chunk.format, Papa.unparse(chunk.rows));
    if (list.products.length !== chunk.records.length) {
      throw new Error(
        `The store's catalogue mapped to ${list.products.length} products for ${chunk.records.length} records.`,
      );
    }
    const offset = filled.count;
    list.products.forEach((product, index) => {
      const altTexts = chunk.altTextsByRecord.get(index);
      if (altTexts) product.storeCopy = { ...product.storeCopy, alt_texts: altTexts };
      product.position += offset;
    });
    for (const column of list.columns) if (!filled.columns.includes(column)) filled.columns.push(column);
    const productIds = await insertProducts(tx, bundleId, list.products);
    await link(tx, storeId, chunk, list.products, productIds);
    filled.count += list.products.length;
    if (filled.count > INLINE_RUN_ROWS) {
      filled.held = [];
      filled.heldIds = [];
      filled.parentOf.clear();
      continue;
    }
    filled.held.push(...list.products);
    filled.heldIds.push(...productIds);
    for (const [variant, parent] of list.parentOf) filled.parentOf.set(variant + offset, parent + offset);
  }
  return filled;
}

async function link(
  tx: Queryable,
  storeId: number,
  catalogue: PulledCatalogue,
  parsed: { imageUrls: string[] }[],
  productIds: number[],
): Promise<void> {
  const rows = productIds.map((productId, index) => ({
    productId,
    storeId,
    remoteProductId: catalogue.records[index]!.remoteProductId,
    remoteVariantId: catalogue.records[index]!.remoteVariantId,
    remoteUpdatedAt: catalogue.records[index]!.remoteUpdatedAt,
    remoteValues: catalogue.records[index]!.remoteValues ?? null,
    remoteImageIds: parsed[index]!.imageUrls.map((url) => catalogue.imageIdByUrl.get(url) ?? ''),
  }));
  for (let start = 0; start < rows.length; start += 2_000) {
    await tx.insert(storeProducts).values(rows.slice(start, start + 2_000));
  }
}
