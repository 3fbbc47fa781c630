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
};

export function readProductList(input: ParsedFunctionRequest<'new-bundle'>): ProductListInput {
  if (input.store_export) {
    const list = parseStoreExport(input.store_export.format, input.store_export.text);
    return { columns: list.columns, parsed: list.products, storeParents: list.parentOf };
  }
  // The contract lets through exactly one of the two shapes.
  const columns = input.columns ?? [];
  return { columns, parsed: parseProductList(input.raw_csv ?? '', columns) };
}
