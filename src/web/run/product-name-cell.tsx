import { Group, Stack, Text } from '@mantine/core';
import type { BundleWorkflowProduct } from '../../common/entities';
import { ReviewBadge } from './review/review-badge';

// SPEC §2: the name cell shows product_name plus colour, dimensions, brand, range and use case; size is
// added because imported store variants differ by it.
const ATTRIBUTES = ['colour', 'size', 'dimensions', 'brand', 'range', 'use_case'] as const;

export function productAttributes(details: BundleWorkflowProduct['product_details']): string[] {
  return ATTRIBUTES.map((key) => details[key]?.trim() ?? '').filter(Boolean);
}

export function productName(details: BundleWorkflowProduct['product_details']): string {
  return details.product_name?.trim() || 'Unnamed product';
}

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
