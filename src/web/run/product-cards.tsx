// On a phone the products are a list of cards instead of the wide table: each card shows the
// product, its state and the copy that matters most in a search result, with Review and Log at hand.
import { Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { BundleWorkflowProduct } from '../../common/contract/entities';
import { productName } from '../lib/product-name';
import { ProblemFlags } from './limit-flag';
import { ProductLog } from './product-log';
import { ProductNameCell } from './product-name-cell';
import type { RunActions } from './run-context';

/** Cards render a page at a time: a phone need not lay out a whole 50,000-product run at once. */
const CARDS_PER_PAGE = 100;

function CardField({
  label,
  text,
  field,
  problems,
}: {
  label: string;
  text: string | null | undefined;
  field: string;
  problems: BundleWorkflowProduct['problems'];
}) {
  if (!text) return null;
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      {/* Exactly the problems the server stored, as the table shows them. */}
      <ProblemFlags problems={problems} field={field} />
    </Stack>
  );
}

function ProductCard({
  product,
  run,
  isSelected,
}: {
  product: BundleWorkflowProduct;
  run: RunActions;
  isSelected: boolean;
}) {
  const [isLogOpen, setLogOpen] = useState(false);
  const name = productName(product.product_details);
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      id={`product-${product.id}`}
      component="article"
      aria-label={name}
    >
      <Stack gap="xs">
        <Group gap={8} wrap="nowrap" align="flex-start">
          <Checkbox
            size="xs"
            mt={3}
            aria-label={`Select ${name}`}
            checked={isSelected}
            onChange={() => run.toggleSelected(product.id)}
          />
          <ProductNameCell product={product} />
        </Group>
        {product.status === 'failed' && (
          <Text size="sm" c="red" role="alert">
            {product.error || 'Writing this product failed.'}
          </Text>
        )}
        <CardField
          label="Page Title"
          text={product.page_title}
          field="page_title"
          problems={product.problems}
        />
        <CardField
          label="Meta Description"
          text={product.meta_description}
          field="meta_description"
          problems={product.problems}
        />
        <CardField label="Heading" text={product.heading} field="heading" problems={product.problems} />
        <CardField
          label="URL Suggestion"
          text={product.url_suggestion}
          field="url_suggestion"
          problems={product.problems}
        />
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => run.openReview(product.id)}>
            Review
          </Button>
          <Button
            size="xs"
            variant="subtle"
            aria-expanded={isLogOpen}
            onClick={() => setLogOpen((open) => !open)}
          >
            Log
          </Button>
        </Group>
        {isLogOpen && <ProductLog bundleWorkflowId={run.bundleWorkflowId} productId={product.product_id} />}
      </Stack>
    </Card>
  );
}

export function ProductCards({
  products,
  run,
  selected,
}: {
  products: BundleWorkflowProduct[];
  run: RunActions;
  selected: ReadonlySet<number>;
}) {
  const [shownCount, setShownCount] = useState(CARDS_PER_PAGE);
  if (products.length === 0) return <Text c="dimmed">No products to show.</Text>;
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" aria-label="Products" p={0} m={0} style={{ listStyle: 'none' }}>
        {products.slice(0, shownCount).map((product) => (
          <li key={product.id}>
            <ProductCard product={product} run={run} isSelected={selected.has(product.id)} />
          </li>
        ))}
      </Stack>
      {products.length > shownCount && (
        <Button variant="default" onClick={() => setShownCount((count) => count + CARDS_PER_PAGE)}>
          Show more ({products.length - shownCount} left)
        </Button>
      )}
    </Stack>
  );
}
