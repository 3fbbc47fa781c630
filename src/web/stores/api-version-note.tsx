// A connected store whose API answered with another version than Copyloom asks for (Shopify answers a version
// it no longer supports with a newer one): said beside the store, since fields may have moved under the app.
import { Text } from '@mantine/core';
import type { StoreView } from '../../common/contract/functions';

const PLATFORM_NAMES: Record<StoreView['platform'], string> = {
  shopify: 'Shopify',
  woocommerce: 'WooCommerce',
};

/** The sentence for a store answering another version, or null while it answers the one asked for. */
export function apiVersionNote(store: Pick<StoreView, 'platform' | 'api_version'>): string | null {
  if (!store.api_version) return null;
  const { asked, answered } = store.api_version;
  return `${PLATFORM_NAMES[store.platform]} answered with API version ${answered}; Copyloom asks for ${asked}.`;
}

export function ApiVersionNote({ store }: { store: Pick<StoreView, 'platform' | 'api_version'> }) {
  const note = apiVersionNote(store);
  if (!note) return null;
  return (
    <Text size="xs" c="orange.8" role="status">
      {note}
    </Text>
  );
}
