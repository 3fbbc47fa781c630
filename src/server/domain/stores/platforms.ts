// Every store platform, by the name the stores table and the contract give it. A new platform is a folder
// beside shopify/ and woocommerce/ that implements StorePlatform, and one entry here
// (docs/decisions/024-store-platform-seam.md).
import type { PlatformName, StorePlatform } from './platform';
import { shopifyPlatform } from './shopify/shopify-platform';
import { wooCommercePlatform } from './woocommerce/woocommerce-platform';

export const PLATFORMS: Record<PlatformName, StorePlatform> = {
  shopify: shopifyPlatform,
  woocommerce: wooCommercePlatform,
};
