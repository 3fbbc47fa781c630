// The products of a new-bundle request: its pasted list or its store export, parsed and validated. Pure CPU
// work with no database, so it runs in an import worker thread (src/server/functions/import-worker.ts) for requests.
import type { ParsedFunctionRequest } from '../../common/functions';
import { type ParsedProduct, parseProductList } from './parse-product-list';
import { parseStoreExport } from './parse-store-export';

export type ProductListInput = {
  columns: string[];
  parsed: ParsedProduct[];
  /** Variant links a store export names; without them, variants are detected by name. */
  storeParents?: Map<number, number>;
  /**
   * A big list read in an import worker: its products as the database takes them (productRowsJson), made
   * there, with `parsed` left empty. One string crosses to the event loop instead of 50,000 objects.
   */
  rowsJson?: { json: string; count: number };
};

/** The products as one JSON document that insert unpacks with jsonb_to_recordset. */
export function productRowsJson(parsed: readonly ParsedProduct[]): string {
  return JSON.stringify(
    parsed.map((product) => ({
      position: product.position,
      details: product.details,
      image_urls: product.imageUrls,
      store_copy: product.storeCopy ?? null,
    })),
  );
}

export function readProductList(input: ParsedFunctionRequest<'new-bundle'>): ProductListInput {
  if (input.store_export) {
    const list = parseStoreExport(input.store_export.format, input.store_export.text);
    return { columns: list.columns, parsed: list.products, storeParents: list.parentOf };
  }
  // The contract lets through exactly one of the two shapes.
  const columns = input.columns ?? [];
  return { columns, parsed: parseProductList(input.raw_csv ?? '', columns) };
}
