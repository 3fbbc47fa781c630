// The product's kept versions, newest first (view-product-history). Picking one shows what it would change
// against the copy now, word by word; restoring it makes it the product's copy again, as a new version.
import { Alert, Badge, Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BundleWorkflowProduct } from '../../common/contract/entities';
import type { ProductVersion } from '../../common/contract/functions';
import { replaceCachedProduct } from '../api/bundle-run';
import { describeError } from '../api/invoke';
import { useFunctionMutation } from '../api/use-function-mutation';
import { useFunctionQuery } from '../api/use-function-query';
import type { RunIds } from '../api/use-regenerate-products';
import { CopyDiff } from './copy-diff';
import { copyOfProduct, copyOfVersion } from './copy-fields';

/** Kept beside the function it reads; the key names the product, as the history belongs to it alone. */
export const productHistoryKey = (bundleWorkflowProductId: number) =>
  ['product-history', bundleWorkflowProductId] as const;

const SOURCE_LABELS: Record<ProductVersion['source'], string> = {
  generated: 'Generated',
  regenerated: 'Regenerated',
  edited: 'Edited',
  restored: 'Restored',
};

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

type HistoryPanelProps = {
  product: BundleWorkflowProduct;
  run: RunIds;
  onRestored: (product: BundleWorkflowProduct) => void;
};

/** The product's versions, the one picked to compare, and restoring it. */
function useProductHistory({ product, run, onRestored }: HistoryPanelProps) {
  const queryClient = useQueryClient();
  const history = useFunctionQuery(
    'view-product-history',
    { bundle_workflow_product_id: product.id },
    // A new product version (its updated_at) means a new entry may be there.
    { queryKey: [...productHistoryKey(product.id), product.updated_at] },
  );
  const [chosenId, setChosenId] = useState<number | null>(null);
  const restore = useFunctionMutation('restore-product-version', {
    errorTitle: 'Could not restore the version',
    onSuccess: ({ product: restored }) => {
      replaceCachedProduct(queryClient, run.bundleId, run.workflowId, restored);
      onRestored(restored);
      setChosenId(null);
      notifications.show({ color: 'teal', message: 'Version restored.' });
    },
    invalidates: [productHistoryKey(product.id)],
  });
  return { history, chosenId, setChosenId, restore };
}

export function HistoryPanel(props: HistoryPanelProps) {
  const { product } = props;
  const { history, chosenId, setChosenId, restore } = useProductHistory(props);
  if (history.isPending) return <Loader size="sm" aria-label="Loading the history" />;
  if (history.error) {
    return (
      <Alert color="red" variant="light">
        {describeError(history.error.failure)}
      </Alert>
    );
  }
  const versions = history.data.versions;
  if (versions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No versions kept yet.
      </Text>
    );
  }
  const chosen = versions.find((version) => version.id === chosenId);
  return (
    <Stack gap="sm">
      <VersionList versions={versions} chosenId={chosenId} onChoose={setChosenId} />
      {chosen && (
        <Stack gap="xs" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
          <Text size="sm" fw={600}>
            Restoring this {SOURCE_LABELS[chosen.source].toLowerCase()} version would change:
          </Text>
          <CopyDiff before={copyOfProduct(product)} after={copyOfVersion(chosen)} />
          <Group>
            <Button
              size="xs"
              onClick={() =>
                restore.mutate({ bundle_workflow_product_id: product.id, version_id: chosen.id })
              }
              loading={restore.isPending}
            >
              Restore this version
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

type VersionListProps = {
  versions: ProductVersion[];
  chosenId: number | null;
  onChoose: (id: number | null) => void;
};

/** The versions, newest first; picking the chosen one again puts it back. */
function VersionList({ versions, chosenId, onChoose }: VersionListProps) {
  return (
    <Stack gap={4} role="list" aria-label="Versions">
      {versions.map((version, index) => (
        <UnstyledButton
          key={version.id}
          role="listitem"
          aria-current={version.id === chosenId}
          onClick={() => onChoose(version.id === chosenId ? null : version.id)}
          p={6}
          style={{
            borderRadius: 6,
            background: version.id === chosenId ? 'var(--mantine-color-blue-0)' : undefined,
          }}
        >
          <Group gap="xs" wrap="nowrap">
            <Badge size="sm" variant="light" color={version.source.endsWith('generated') ? 'grape' : 'blue'}>
              {SOURCE_LABELS[version.source]}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatTime(version.created_at)}
              {index === 0 ? ' · latest' : ''}
            </Text>
            <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
              {version.page_title}
            </Text>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
