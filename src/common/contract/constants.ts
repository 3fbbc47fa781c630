// Numbers from SPEC §9. The limits Google shows live in copy-rules.ts.

/** SPEC §9: the bundle view polls every 5 seconds. */
export const BUNDLE_POLL_INTERVAL_MS = 5_000;
/** SPEC §9: the job loop is invoked every 30 seconds with a 30-second exit time. */
export const JOB_LOOP_INTERVAL_MS = 30_000;
export const JOB_LOOP_EXIT_AFTER_SECONDS = 30;

/** SPEC §9: default manual columns, in this order. */
export const DEFAULT_COLUMNS = [
  'title',
  'brand',
  'url',
  'image_urls',
  'dimensions',
  'colour',
  'description',
  'fact_sheet',
] as const;
export type ProductColumn = (typeof DEFAULT_COLUMNS)[number];

/** Every column new-bundle accepts: the manual columns plus optional facts the copy can use. */
export const ALLOWED_COLUMNS = [
  ...DEFAULT_COLUMNS,
  'range',
  'use_case',
  'size',
  'material',
  'sku',
  'price',
] as const;
export type AllowedColumn = (typeof ALLOWED_COLUMNS)[number];

/** SPEC §7: several image URLs in one field are separated by this character. */
export const IMAGE_URL_SEPARATOR = '|';

/** SPEC §9: spinner used at size 18 in light grey for missing text. */
export const MISSING_TEXT_SPINNER = { size: 18, color: 'gray.3' } as const;

/** Product-list limits enforced by new-bundle. */
export const BUNDLE_LIMITS = {
  maxProducts: 50_000,
  /** Request body cap for every server function, in bytes. */
  maxBodyBytes: 25 * 1024 * 1024,
  maxFieldLength: 20_000,
  maxBundleNameLength: 200,
  /** Rows of a store export or pasted list, counted as they arrive, header and variants included. */
  maxRows: 250_000,
  /** Images of one product (Shopify's own limit). */
  maxImagesPerProduct: 250,
  /** One cell of a file as it arrives, before HTML is reduced to text (a product-list field is then held to maxFieldLength). */
  maxCellLength: 100_000,
  /** One row of a file, all its cells together. */
  maxRowLength: 1_000_000,
} as const;

export const CSV_EXPORT_FILE_NAME = 'generated.csv';
export const IMAGES_ZIP_FILE_NAME = 'images.zip';
