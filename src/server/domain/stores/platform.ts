// The seam between the shared store code (connect, import, preview, push, undo) and one store platform: what
// that code would otherwise decide by comparing a platform's name, it asks of the platform instead. Each
// platform implements StorePlatform in a folder of its own (shopify/, woocommerce/), and PLATFORMS
// (platforms.ts) holds one per name; docs/decisions/024-store-platform-seam.md says how to add one.
import type { ParsedFunctionRequest, PushField } from '../../../common/contract/functions';
import type { StorePlatform as PlatformName, StoredValues } from '../../db/schema';
import type { ChunkedCatalogue, PulledCatalogue, PullOptions } from './pulled-catalogue';
import type { StoreNetwork } from './store-request';

export type { PlatformName };

/** A product as the store holds it now, read right before a preview and again before each write. */
export type LiveProduct = {
  updatedAt: string;
  /** field (as push-plan names it) → the store's value, '' when empty */
  values: Map<string, string>;
  /** WooCommerce: the product's images in order, as a write of `images` must list them all. */
  images?: { id: number; alt: string }[];
  /** Fields the store answers formatted for display, not as written (compared by platform.push.sameShown). */
  formatted?: readonly string[];
  /**
   * What the store keeps of a value sent for `field`, where it changes what it is sent (Yoast sanitises its
   * meta on save): a field holding that holds the value sent.
   */
  keeps?: (field: string, sent: string) => string;
  /** WooCommerce: the SEO plugin meta keys this product uses; none without a plugin. */
  seoKeys?: { title: string; description: string } | null;
};

/** A LiveProduct's values as store_products.remote_values keeps them. */
export const storedValuesOf = (live: LiveProduct): StoredValues => ({
  values: Object.fromEntries(live.values),
  ...(live.formatted?.length ? { formatted: [...live.formatted] } : {}),
});

/** The product as it was at `updatedAt`, from store_products.remote_values. */
export const liveFromStored = (stored: StoredValues, updatedAt: string): LiveProduct => ({
  updatedAt,
  values: new Map(Object.entries(stored.values)),
  formatted: stored.formatted ?? [],
});

export type RemoteRef = { remoteProductId: string; remoteVariantId: string | null };

export const storeKey = (productId: string, variantId: string | null) => `${productId}|${variantId ?? ''}`;

/** Whether the store's value of `field` is `value`, as far as the store lets it be read back. */
export function holds(platform: StorePlatform, live: LiveProduct, field: string, value: string): boolean {
  const now = live.values.get(field);
  if (now === undefined) return false;
  if (now === value) return true;
  if (live.keeps && live.keeps(field, value) === now) return true;
  return live.formatted?.includes(field) === true && platform.push.sameShown?.(now, value) === true;
}

/** Fields a push leaves out for this store, and the note the preview shows for them. */
export type LeftOut = { fields: readonly string[]; note: string };

export type FieldWrite = { field: string; after: string };
export type ProductWrite = {
  remoteProductId: string;
  remoteVariantId: string | null;
  writes: FieldWrite[];
  live: LiveProduct;
  /** Undo of a handle change: the redirect the push created, removed before the handle goes back. */
  removeRedirectId?: string | null;
};
export type WriteResult = {
  error: string | null;
  redirectId?: string | null;
  /** The store's updatedAt after the last write, when its answer gave it. */
  updatedAt?: string;
};

/** What the store says about itself once the credentials are proved. */
export type ProvedStore = { name: string; currency: string | null };

/** What a platform needs of this process to reach a store (StoreAccess without the sealing key). */
export type PlatformAccess = {
  network: StoreNetwork;
  /** A Shopify catalogue of more products than this is read with a bulk operation (SHOPIFY_BULK_THRESHOLD). */
  shopifyBulkThreshold?: number;
  /** Told the API version each answer says it came with, where the platform says (Shopify). */
  onApiVersion?: (answered: string) => void;
};

/** How the import job reads a catalogue, and what it records on the way. */
export type CatalogueRead = PullOptions & {
  /** The bulk operation an earlier attempt of this import started, if the platform has such a thing. */
  operationId: string | null;
  /** Called once a bulk operation is started, before it is polled, so that a restart can find it. */
  onStarted: (operationId: string) => Promise<void>;
  /** How the catalogue will be read, and how many products the store said it holds when it said. */
  onPlan: (plan: { method: 'pages' | 'bulk'; total?: number }) => Promise<void>;
};

/** One connected store, its credentials opened: every call the shared code makes to it. */
export interface StoreClient {
  /** One read that proves the credentials (and the permissions a push needs). */
  prove(): Promise<ProvedStore>;
  /** How many products the store holds, or null when it does not say. */
  countProducts(): Promise<number | null>;
  /** The whole catalogue, as the store's own export would have it: held, or (too big to hold) in chunks. */
  readCatalogue(read: CatalogueRead): Promise<PulledCatalogue | ChunkedCatalogue>;
  /**
   * The live values of the fields a push writes, by storeKey; null for a product gone from the store. With
   * `languages`, also each translated field (push-translations.ts) the store has content for: its translation
   * in each language, '' where it has none.
   */
  readLive(refs: RemoteRef[], languages?: readonly string[]): Promise<Map<string, LiveProduct | null>>;
  /** Writes a chunk of products; each product's failure is its own. */
  write(products: ProductWrite[]): Promise<WriteResult[]>;
  /** Refuses a push the store's credentials cannot carry out, before anything is written. */
  checkPush(input: { write_handles?: boolean; fields?: readonly PushField[] }): Promise<void>;
  /** Fields this store has nowhere to show, which a push leaves out (never journaled); null when none. */
  leftOut?(): Promise<LeftOut | null>;
}

export type ConnectInput = ParsedFunctionRequest<'connect-store'>;

export interface StorePlatform {
  name: PlatformName;
  /** The platform's name in messages ("Not a Shopify store"). */
  label: string;
  /** The API version a push is journaled with. */
  apiVersion: string;
  /** The credentials to seal, from connect-store's request (which the contract has checked are there). */
  credentialsFrom(input: ConnectInput): Record<string, string>;
  /** A client for the store at `url`; `credentials` are the sealed ones, opened, and parsed here. */
  open(url: URL, credentials: unknown, access: PlatformAccess): StoreClient;
  push: {
    /** Products a push writes per chunk (one live read and one write each), and chunks in flight at once. */
    chunkSize: number;
    inFlight: number;
    /** The fields a product (a variant, or not) takes; null when its copy is left to its parent's push. */
    fields(isVariant: boolean): readonly PushField[] | null;
    /** The description's HTML as this platform stores it. */
    description(html: string): string;
    /** Why the store cannot take this value, or null when it can. */
    refusal(field: string, after: string): string | null;
    /** An SEO title or meta description as the store keeps it, so that it reads back equal; as is without. */
    seoText?(text: string): string;
    /** Whether a value the store answers formatted (LiveProduct.formatted) shows the same as `ours`. */
    sameShown?(formatted: string, ours: string): boolean;
    /**
     * A product's variants go in its chunk however full (the journal lists them after it), because writing one
     * moves the product's own date: no chunk in flight beside it may do that after the product is written.
     */
    variantsInProductChunk?: boolean;
  };
}
