import type { Queryable } from '../../db/client';

// A store's catalogue as read from its API: the rows of the store's own product export (so the import's one
// mapper makes the bundle), and for each record the mapper will make, the store's ids.
import type { StoredValues } from '../../db/schema';

export type PulledRecord = {
  remoteProductId: string;
  /** The variant's (variation's) id; for a product without variants, its one variant (Shopify) or null. */
  remoteVariantId: string | null;
  remoteUpdatedAt: string;
  /** The fields a push writes, as the store held them at remoteUpdatedAt; where the platform reads them. */
  remoteValues?: StoredValues;
};

export type PulledCatalogue = {
  format: 'shopify' | 'woocommerce';
  /** Header, then rows, as the store's CSV export has them. */
  rows: string[][];
  /** One per record of the export, in record order (Shopify: one per variant; WooCommerce: one per row). */
  records: PulledRecord[];
  /** The store's id of each image, by its URL. */
  imageIdByUrl: Map<string, string>;
  /** Image alt texts the export format has no column for (WooCommerce), by record index. */
  altTextsByRecord: Map<number, string[]>;
};

/**
 * A catalogue too big to hold in this process (a Shopify bulk result): read while the import's transaction is
 * open, into it (`tx`, for what the read spills), and handed on in chunks of whole products, each chunk a
 * catalogue of its own. A failure mid-way throws out of the iteration, and the transaction writes nothing.
 */
export type ChunkedCatalogue = {
  format: PulledCatalogue['format'];
  chunks: (tx: Queryable) => AsyncIterable<PulledCatalogue>;
};

/** How a catalogue is read: the limit of a bundle, and where each step's progress goes. */
export type PullOptions = {
  /** Records (bundle products) past which the read stops with an error. */
  maxProducts: number;
  /** Store products read so far, after each page (or each poll of a bulk operation). */
  onProgress?: (productsRead: number) => Promise<void>;
  signal?: AbortSignal;
};

export const tooManyProducts = (max: number) =>
  `The store holds more than ${max} products and variants, the limit of a bundle.`;
