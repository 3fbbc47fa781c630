// The products of a new-bundle request: its pasted list or its store export, parsed and validated. Pure CPU
// work with no database, so it runs in an import worker thread (src/server/http/import-body/import-worker.ts) for requests.
import type { ParsedFunctionRequest } from '../../../common/contract/functions';
import { type ParsedProduct, parseProductList } from './parse-product-list';
import { parseStoreExport } from './parse-store-export';

export type ProductListInput = {
  columns: string[];
  parsed: ParsedProduct[];
  /** Variant links a store export names; without them, variants are detected by name. */
  storeParents?: Map<number, number>;
  /**
   * A big list's products as the database takes them (productRowsJsonb), with `parsed` left empty: buffers
   * moved from an import worker to the event loop, not copied, instead of 50,000 objects, and sent to
   * PostgreSQL as they are. From a worker they arrive a chunk at a time while it reads the rest; a problem
   * found there ends the stream with its error, which the import's transaction turns into nothing written.
   */
  rows?: { chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array> };
};

/**
 * The products as one jsonb value in PostgreSQL's binary form (a version byte, 1, then the JSON text in
 * UTF-8), which insertProducts unpacks with jsonb_to_recordset. Sent as bytes, the text is neither copied
 * between threads nor encoded again by the driver.
 */
export function productRowsJsonb(parsed: readonly ParsedProduct[]): Uint8Array {
  // The products as they are, keys and all (insertProducts reads "imageUrls" and "storeCopy"): a copy of
  // 50,000 objects under the database's names cost more than the text they made.
  const json = JSON.stringify(parsed);
  const jsonb = new Uint8Array(Buffer.byteLength(json) + 1);
  jsonb[0] = JSONB_VERSION;
  new TextEncoder().encodeInto(json, jsonb.subarray(1));
  return jsonb;
}

/** The only version of jsonb's binary format (PostgreSQL's jsonb_recv). */
const JSONB_VERSION = 1;

export function readProductList(input: ParsedFunctionRequest<'new-bundle'>): ProductListInput {
  if (input.store_export) {
    const list = parseStoreExport(input.store_export.format, input.store_export.text);
    return { columns: list.columns, parsed: list.products, storeParents: list.parentOf };
  }
  // The contract lets through exactly one of the two shapes.
  const columns = input.columns ?? [];
  return { columns, parsed: parseProductList(input.raw_csv ?? '', columns) };
}
