// The end of an import-store job: the catalogue read from the store becomes the bundle's products,
// each with the store's ids beside it, and the run's rows and jobs, in one transaction with the import marked
// done, exactly as new-bundle writes a store export (the same mapper, variants and store copy). The import
// row is locked first and only a running import is filled, so a second attempt that reaches this point after
// the first committed writes nothing: no product is ever imported twice.

import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { z } from 'zod';
import type { CustomFields } from '../../../common/contract/entities';
import type { Database, Queryable } from '../../db/client';
import { rawRows, rowOf } from '../../db/raw-rows';
import { bundles, storeImports, storeProducts } from '../../db/schema';
import { INLINE_RUN_ROWS, queuePrepareRun } from '../../leaves/queue/run-jobs';
import { insertProducts } from '../bundles/create-bundle';
import { fillRun, planRun } from '../bundles/start-run';
import { parseStoreExport } from '../list-import/parse-store-export';
import type { PulledCatalogue } from './pulled-catalogue';

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
  catalogue: PulledCatalogue,
): Promise<void> {
  const list = parseStoreExport(catalogue.format, Papa.unparse(catalogue.rows));
  if (list.products.length !== catalogue.records.length) {
    throw new Error(
      `The store's catalogue mapped to ${list.products.length} products for ${catalogue.records.length} records.`,
    );
  }
  list.products.forEach((product, index) => {
    const altTexts = catalogue.altTextsByRecord.get(index);
    if (altTexts) product.storeCopy = { ...product.storeCopy, alt_texts: altTexts };
  });
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
    await tx.update(bundles).set({ columns: list.columns }).where(eq(bundles.id, found.bundleId));
    const productIds = await insertProducts(tx, found.bundleId, list.products);
    await link(tx, storeId, catalogue, list.products, productIds);
    if (list.products.length > INLINE_RUN_ROWS) {
      await queuePrepareRun(tx, runId);
    } else {
      const plan = await planRun(list.products, found.custom_fields, list.parentOf, found.language);
      await fillRun(tx, runId, list.products, productIds, found.custom_fields, plan);
    }
    // The run's row changes too, so that a view polled during the import sees a new version.
    await tx.execute(sql`update bundle_workflows set updated_at = now() where id = ${runId}`);
    await tx
      .update(storeImports)
      .set({
        state: 'done',
        products: list.products.length,
        productsRead: sql`greatest(${storeImports.productsRead}, coalesce(${storeImports.productsTotal}, 0))`,
        finishedAt: sql`now()`,
      })
      .where(eq(storeImports.id, importId));
  });
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
