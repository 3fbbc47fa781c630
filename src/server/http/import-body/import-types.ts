// What the import plumbing passes between the route, the parser and the worker pool.
import type { ProductListInput } from '../../domain/list-import/read-product-list';
import type { SearchUpload } from '../../domain/search-data/search-upload';

/** The functions whose body carries a file. */
export const IMPORT_FUNCTIONS = ['new-bundle', 'estimate-cost', 'import-search-data'] as const;
export type ImportFunction = (typeof IMPORT_FUNCTIONS)[number];
export const isImportFunction = (name: string): name is ImportFunction =>
  (IMPORT_FUNCTIONS as readonly string[]).includes(name);

/**
 * The request as the contract parses it (without its file's text), and what its file held: the products of
 * a list, or a Search Console upload.
 */
export type ImportBody = {
  input: unknown;
  list?: ProductListInput;
  search?: SearchUpload;
  /**
   * A digest of the file's text, which `input` goes without: an Idempotency-Key compares it, so the same key
   * with another list is a different body. Taken only when the request carries a key.
   */
  fileDigest?: string;
};
