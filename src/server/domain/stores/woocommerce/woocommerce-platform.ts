// WooCommerce behind the store seam (../platform.ts): REST API v3, a catalogue read by pages, and a push of
// 100 products a chunk (one batch request), three chunks in flight.
import { z } from 'zod';
import type { PushField } from '../../../../common/contract/functions';
import type { LeftOut, PlatformAccess, ProvedStore, StoreClient, StorePlatform } from '../platform';
import { type WooConnection, wooRequest } from './woocommerce-api';
import { countWooProducts, pullWooCommerceCatalogue } from './woocommerce-catalogue';
import { readWooCommerceLive } from './woocommerce-live';
import { seoPluginOf } from './woocommerce-seo';
import { sameShownText } from './woocommerce-text';
import { writeWooCommerce } from './woocommerce-write';

const credentialsSchema = z.object({
  platform: z.literal('woocommerce'),
  consumer_key: z.string(),
  consumer_secret: z.string(),
});

const PRODUCT_FIELDS: readonly PushField[] = [
  'description',
  'short_description',
  'seo_title',
  'seo_description',
  'alt_texts',
  'handle',
];
/** A variation has a description of its own, and nothing else a push writes. */
const VARIATION_FIELDS: readonly PushField[] = ['description'];

/** WooCommerce writes an image's alt only when it is not empty (set_product_images), so it cannot clear one. */
const CANNOT_CLEAR_ALT =
  "WooCommerce's API cannot clear an image's alt text; clear it in the WordPress media library.";

/** One products page proves the key; an empty batch, which a read-only key is refused, proves it can write. */
async function prove(connection: WooConnection): Promise<ProvedStore> {
  await wooRequest(connection, 'GET', '/products', z.unknown(), { query: { per_page: 1 } });
  await wooRequest(connection, 'POST', '/products/batch', z.unknown(), { body: {} });
  return { name: connection.url.host, currency: null };
}

/**
 * A store with neither Yoast SEO nor Rank Math has nowhere that shows an SEO title or meta description:
 * a push leaves those fields out (never journaled as written) and the preview says why.
 */
async function leftOut(connection: WooConnection): Promise<LeftOut | null> {
  if ((await seoPluginOf(connection)) !== 'none') return null;
  return {
    fields: ['seo_title', 'seo_description'],
    note: 'The store runs no SEO plugin (Yoast SEO or Rank Math), so nothing would show an SEO title or meta description: those fields are not written.',
  };
}

function open(url: URL, credentials: unknown, access: PlatformAccess): StoreClient {
  const { consumer_key, consumer_secret } = credentialsSchema.parse(credentials);
  const connection: WooConnection = {
    url,
    consumerKey: consumer_key,
    consumerSecret: consumer_secret,
    network: access.network,
  };
  return {
    prove: () => prove(connection),
    countProducts: () => countWooProducts(connection),
    readCatalogue: async (read) => {
      await read.onPlan({ method: 'pages' });
      return pullWooCommerceCatalogue(connection, read);
    },
    readLive: (refs) => readWooCommerceLive(connection, refs),
    write: (products) => writeWooCommerce(connection, products),
    checkPush: async () => {},
    leftOut: () => leftOut(connection),
  };
}

/** The description on one line, as the WooCommerce file writes it. */
const oneLine = (html: string) => html.replace(/\n/g, '');
/** One line, as Yoast stores them (line breaks and tabs turned into spaces, runs of them collapsed). */
const seoLine = (text: string) => text.replace(/\s+/g, ' ');

export const wooCommercePlatform: StorePlatform = {
  name: 'woocommerce',
  label: 'WooCommerce',
  apiVersion: 'wc/v3',
  credentialsFrom: (input) => ({
    platform: 'woocommerce',
    consumer_key: input.consumer_key!,
    consumer_secret: input.consumer_secret!,
  }),
  open,
  push: {
    chunkSize: 100,
    inFlight: 3,
    fields: (isVariant) => (isVariant ? VARIATION_FIELDS : PRODUCT_FIELDS),
    description: oneLine,
    refusal: (field, after) => (field.startsWith('alt_text:') && after === '' ? CANNOT_CLEAR_ALT : null),
    seoText: seoLine,
    sameShown: sameShownText,
    variantsInProductChunk: true,
  },
};
