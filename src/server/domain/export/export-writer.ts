// What every export writer is (writers.ts has one per format) and the options they are made with.
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import type { AgentFeedOptions } from './agent-feed';
import type { MerchantAttribute } from './merchant';
import type { MerchantIdOf } from './merchant-ids';
import type { HandleChanges } from './redirects';

/**
 * The file is head, then every piece joined by separator, then tail. `grouped` writers get one product with
 * its variants at a time (they must stay together); the others get a page of products in id order. A writer
 * with `reports` writes more files after the first (both in one zip), its text asked for at the end.
 */
export type ExportWriter = {
  contentType: string;
  extension: string;
  /** What the file name says after the bundle's name. */
  suffix: string;
  grouped: boolean;
  head: string;
  separator: string;
  tail: string;
  pieces: (products: BundleWorkflowProduct[]) => string[];
  /** The file's own name in the zip, where the format fixes it (the agent feed's products.jsonl). */
  entryName?: string;
  /** Files written after the first, in the same zip, each named from the bundle's stem, its text asked at the end. */
  reports?: { fileName: (stem: string) => string; text: () => string }[];
};

export type ExportOptions = {
  hasVariants: boolean;
  /** The bundle's "fill empty, don't overwrite": the store's own copy is written wherever it had some. */
  fillEmptyOnly?: boolean;
  /** only_approved: csv, json and redirects keep the approved products; the others whole products (approval.ts). */
  onlyApproved?: boolean;
  /** The bundle's currency (ISO 4217), for the structured data's offers. */
  currency?: string | null;
  /** merchant: each item's main-feed id, and whether a generative model wrote the copy. */
  merchantIdOf?: MerchantIdOf;
  generative?: boolean;
  /** merchant: the conversational attributes asked for. */
  merchantAttributes?: readonly MerchantAttribute[];
  /** redirects: the handles a push with write_handles changed, per run product (pushed-handles.ts). */
  handleChanges?: HandleChanges;
  /** woocommerce-redirects: the store's product base. */
  productBase?: string;
  /** shopify-translations: the store's id of each product linked to a Shopify store, by product id. */
  storeProductIds?: ReadonlyMap<number, string>;
  /** agent-feed: the seller, the shop's address and the feed's metadata. */
  agentFeed?: AgentFeedOptions;
};
