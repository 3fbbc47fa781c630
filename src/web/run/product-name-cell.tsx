import { Group, Stack, Text } from '@mantine/core';
import type { BundleWorkflowProduct } from '../../common/contract/entities';
import { productAttributes, productName } from '../lib/product-name';
import { ReviewBadge } from '../review/review-badge';

export function ProductNameCell({ product }: { product: BundleWorkflowProduct }) {
  const attributes = productAttributes(product.product_details);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {productName(product.product_details)}
      </Text>
      {attributes.length > 0 && (
        <Text size="xs" c="dimmed">
          {attributes.join(' · ')}
        </Text>
      )}
      {product.status === 'done' && (
        <Group gap={4}>
          <ReviewBadge state={product.review_state} />
          {product.locked_fields.length > 0 && (
            <Text size="xs" c="dimmed">
              {product.locked_fields.length} locked
            </Text>
          )}
        </Group>
      )}
      {product.status === 'running' && (
        <Text size="xs" c="teal">
          Writing… {product.progress}%
        </Text>
      )}
      {product.status === 'queued' && (
        <Text size="xs" c="dimmed">
          Queued
        </Text>
      )}
    </Stack>
  );
}
