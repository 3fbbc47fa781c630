// import-store answers at once and a job reads the catalogue. Tests that need the bundle filled
// call importStoreNow: the request, then the import's job run here, in this process, to its end.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FunctionRequest, FunctionResponse, StoreImportView } from '../../src/common/contract/functions';
import { runImport } from '../../src/server/domain/stores/run-import';
import type { TestAppFixture } from './test-app';

export type ImportedBundle = FunctionResponse<'import-store'> & {
  import_id: number;
  store_import: StoreImportView;
  /** The bundle's products (0 unless the import is done). */
  products: number;
};

/** The import of a bundle, as view-bundle-workflow shows it, with its id. */
export async function storeImportOf(
  t: Pick<TestAppFixture, 'app'>,
  bundleId: number,
): Promise<StoreImportView & { id: number; bulk_operation_id: string | null }> {
  const { rows } = await t.app.services.db.execute<
    StoreImportView & { id: number; bulk_operation_id: string | null }
  >(sql`
    select id, state, method, products_read, products_total, products, error, bulk_operation_id
    from store_imports where bundle_id = ${bundleId}`);
  if (!rows[0]) throw new Error(`bundle ${bundleId} has no store import`);
  return rows[0];
}

/** import-store, then its job run to the end here; the answer's status and error as the call gave them. */
export async function importStoreNow(
  t: Pick<TestAppFixture, 'app' | 'call'>,
  input: FunctionRequest<'import-store'>,
): Promise<{ status: number; error?: unknown; data: ImportedBundle }> {
  const answer = await t.call('import-store', input);
  if (answer.status !== 200) return answer as never;
  const before = await storeImportOf(t, answer.data.bundle_id);
  await runImport(t.app.services.db, t.app.services.stores, before.id);
  const after = await storeImportOf(t, answer.data.bundle_id);
  const { id, bulk_operation_id: _, ...view } = after;
  return {
    status: answer.status,
    data: { ...answer.data, import_id: id, store_import: view, products: view.products ?? 0 },
  };
}

/** What the import made of each product, in order: the bundle's rows and the store's ids beside them. */
/** An imported product as the tests read it: the store ids they select by are typed, the rest kept as read. */
const importedRow = z.looseObject({
  remote_product_id: z.string(),
  remote_variant_id: z.string().nullable(),
});

export async function importedRows(t: Pick<TestAppFixture, 'app'>, bundleId: number) {
  const { rows } = await t.app.services.db.execute(sql`
    select p.position, p.details, p.store_copy, p.image_urls, s.remote_product_id, s.remote_variant_id,
      s.remote_updated_at, s.remote_image_ids, w.is_multiple_of is not null as is_variant, w.url_suggestion
    from products p
    join store_products s on s.product_id = p.id
    left join bundle_workflow_products w on w.product_id = p.id
    where p.bundle_id = ${bundleId}
    order by p.position`);
  return z.array(importedRow).parse(rows);
}
