// A bundle being imported from a connected store: until the import-store job has read the whole
// catalogue the bundle has no products, so the run page shows the import's progress instead of the run, and a
// failed import's reason.
import { Alert, Group, Loader, Text } from '@mantine/core';
import type { StoreImportView } from '../../common/contract/functions';

export const isImporting = (storeImport: StoreImportView | undefined) =>
  storeImport?.state === 'queued' || storeImport?.state === 'running';

/** "Importing… 20 of 41 products", or without "of" while the store's count is unknown. */
export function importProgressText(storeImport: StoreImportView): string {
  const read = storeImport.products_read.toLocaleString('en');
  const total = storeImport.products_total;
  return total === null
    ? `Importing… ${read} products`
    : `Importing… ${read} of ${total.toLocaleString('en')} products`;
}

export function ImportStatus({ storeImport }: { storeImport: StoreImportView }) {
  if (isImporting(storeImport)) {
    return (
      <Alert color="blue" variant="light" role="status" aria-label="Store import">
        <Group gap="sm">
          <Loader size="xs" />
          <Text size="sm">{importProgressText(storeImport)}</Text>
          {storeImport.method === 'bulk' && (
            <Text size="xs" c="dimmed">
              (a Shopify bulk operation: the products arrive all at once)
            </Text>
          )}
        </Group>
      </Alert>
    );
  }
  if (storeImport.state === 'failed') {
    return (
      <Alert color="red" variant="light" role="alert" title="The import from the store failed">
        {storeImport.error ?? 'The store could not be read.'} Delete this bundle and import the store again.
      </Alert>
    );
  }
  return null;
}
