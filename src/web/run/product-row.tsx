// One product of the run as table rows: the product itself and, when open, its log. Its Review button opens
// the Review panel, a drawer over the page (review/review-drawer.tsx).
import { Anchor, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import type { BundleWorkflowProduct } from '../../common/contract/entities';
import { useRegenerateProducts } from '../api/use-regenerate-products';
import { productName } from '../lib/product-name';
import { ProblemFlags } from './limit-flag';
import { MissingText } from './missing-text';
import { ProductLog } from './product-log';
import { ProductNameCell } from './product-name-cell';
import classes from './products-table.module.css';
import { useRunActions } from './run-context';

export const PRODUCT_COLUMNS = [
  { label: 'Name', width: 220 },
  { label: 'Page Title', width: 220 },
  { label: 'Meta Description', width: 260 },
  { label: 'Heading', width: 200 },
  { label: 'Description', width: 320 },
  { label: 'URL', width: 220 },
  { label: 'URL Suggestion', width: 120 },
  { label: 'Image Captions', width: 240 },
  { label: 'Variant', width: 150 },
  { label: 'Log', width: 110 },
] as const;

/** The Name column stays at the left and the Log column at the right while the rest scrolls sideways. */
export function frozenClass(columnIndex: number): string | undefined {
  if (columnIndex === 0) return classes.frozenStart;
  if (columnIndex === PRODUCT_COLUMNS.length - 1) return classes.frozenEnd;
  return undefined;
}

const LEVEL_LABELS: Record<BundleWorkflowProduct['url_suggestion_level'], string> = {
  missing: 'Missing',
  order: 'Reorder',
  '': '',
};

type ProductRowProps = {
  /** The row's place in the run, which a windowed table measures it by. */
  index: number;
  product: BundleWorkflowProduct;
  parentName: string | null;
  isLogOpen: boolean;
  isSelected: boolean;
};

const isFailed = (product: BundleWorkflowProduct) => product.status === 'failed';

/** Text that is still being written shows a spinner; a failed product shows a dash instead. */
function Pending({ product }: { product: BundleWorkflowProduct }) {
  if (isFailed(product) || product.status === 'done') {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return <MissingText />;
}

function CopyCell({
  product,
  field,
}: {
  product: BundleWorkflowProduct;
  field: 'page_title' | 'meta_description' | 'heading' | 'description';
}) {
  const text = product[field];
  if (!text) return <Pending product={product} />;
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-line' }}>
        {text}
      </Text>
      <ProblemFlags problems={product.problems} field={field} />
    </Stack>
  );
}

function FailureNotice({ product }: { product: BundleWorkflowProduct }) {
  const { regenerate, isPending } = useRegenerateProducts(useRunActions());
  return (
    <Stack gap={6} align="flex-start">
      <Text size="sm" c="red" role="alert">
        {product.error || 'Writing this product failed.'}
      </Text>
      <Button
        size="compact-xs"
        color="red"
        variant="light"
        onClick={() => regenerate([product.id])}
        loading={isPending}
      >
        Retry
      </Button>
    </Stack>
  );
}

function UrlCell({ product }: { product: BundleWorkflowProduct }) {
  const current = product.product_details.url?.trim();
  return (
    <Stack gap={4}>
      {product.url_suggestion ? (
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {product.url_suggestion}
        </Text>
      ) : (
        <Pending product={product} />
      )}
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        {current || 'NA'}
      </Text>
    </Stack>
  );
}

function ImageCaptions({ product }: { product: BundleWorkflowProduct }) {
  const images = product.image_details ?? [];
  if (images.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        No images
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {images.map((image, index) => (
        <Group key={image.bundle_workflow_products_image_id} gap={8} wrap="nowrap" align="flex-start">
          <img
            src={image.url}
            alt=""
            width={32}
            height={32}
            loading="lazy"
            style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }}
          />
          {image.alt_text ? (
            <Stack gap={2} align="flex-start">
              <Text size="xs" lineClamp={3}>
                {image.alt_text}
              </Text>
              <ProblemFlags problems={product.problems} field={`alt_texts[${index}]`} />
            </Stack>
          ) : (
            <Pending product={product} />
          )}
        </Group>
      ))}
    </Stack>
  );
}

function VariantLink({ parentId, parentName }: { parentId: number; parentName: string | null }) {
  const { goToProduct } = useRunActions();
  return (
    <Anchor
      href={`#product-${parentId}`}
      size="sm"
      onClick={(event) => {
        event.preventDefault();
        goToProduct(parentId);
      }}
    >
      Variant of {parentName ?? `#${parentId}`}
    </Anchor>
  );
}

/** Opens or closes one of the panels under the row. */
function PanelToggle({ label, isOpen, onToggle }: { label: string; isOpen: boolean; onToggle: () => void }) {
  return (
    <Button size="compact-xs" variant={isOpen ? 'light' : 'subtle'} aria-expanded={isOpen} onClick={onToggle}>
      {label}
    </Button>
  );
}

/** The full-width row under a product that holds its open panel. */
function PanelRow({ children }: { children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={PRODUCT_COLUMNS.length} bg="gray.0">
        <div className={classes.panel}>{children}</div>
      </Table.Td>
    </Table.Tr>
  );
}

function ProductRowView({ index, product, parentName, isLogOpen, isSelected }: ProductRowProps) {
  const { toggleLog, openReview, toggleSelected, measureElement, bundleWorkflowId } = useRunActions();
  const level = LEVEL_LABELS[product.url_suggestion_level];
  const parentId = product.is_multiple_of;
  return (
    <Table.Tbody ref={measureElement} data-index={index}>
      <Table.Tr id={`product-${product.id}`} style={{ scrollMarginTop: 56, verticalAlign: 'top' }}>
        <Table.Td className={classes.frozenStart}>
          <Group gap={8} wrap="nowrap" align="flex-start">
            <Checkbox
              size="xs"
              mt={3}
              aria-label={`Select ${productName(product.product_details)}`}
              checked={isSelected}
              onChange={() => toggleSelected(product.id)}
            />
            <ProductNameCell product={product} />
          </Group>
        </Table.Td>
        <Table.Td>
          <Stack gap={6}>
            {(product.page_title || !isFailed(product)) && <CopyCell product={product} field="page_title" />}
            {isFailed(product) && <FailureNotice product={product} />}
          </Stack>
        </Table.Td>
        <Table.Td>
          <CopyCell product={product} field="meta_description" />
        </Table.Td>
        <Table.Td>
          <CopyCell product={product} field="heading" />
        </Table.Td>
        <Table.Td>
          <CopyCell product={product} field="description" />
        </Table.Td>
        <Table.Td>
          <UrlCell product={product} />
        </Table.Td>
        <Table.Td>
          <Text size="sm" fw={level ? 600 : undefined} c={level === 'Missing' ? 'orange' : undefined}>
            {level}
          </Text>
        </Table.Td>
        <Table.Td>
          <ImageCaptions product={product} />
        </Table.Td>
        <Table.Td>
          {typeof parentId === 'number' && <VariantLink parentId={parentId} parentName={parentName} />}
        </Table.Td>
        <Table.Td className={classes.frozenEnd}>
          <Stack gap={4} align="flex-start">
            <PanelToggle label="Log" isOpen={isLogOpen} onToggle={() => toggleLog(product.id)} />
            <Button size="compact-xs" variant="subtle" onClick={() => openReview(product.id)}>
              Review
            </Button>
          </Stack>
        </Table.Td>
      </Table.Tr>
      {isLogOpen && (
        <PanelRow>
          <ProductLog bundleWorkflowId={bundleWorkflowId} productId={product.product_id} />
        </PanelRow>
      )}
    </Table.Tbody>
  );
}

// On each poll most products are unchanged: skip their render unless their own data or state moved.
function areRowPropsEqual(previous: ProductRowProps, next: ProductRowProps): boolean {
  if (
    previous.index !== next.index ||
    previous.isLogOpen !== next.isLogOpen ||
    previous.isSelected !== next.isSelected ||
    previous.parentName !== next.parentName
  ) {
    return false;
  }
  const a = previous.product;
  const b = next.product;
  return (
    a === b ||
    (a.id === b.id && a.updated_at === b.updated_at && a.progress === b.progress && a.status === b.status)
  );
}

export const ProductRow = memo(ProductRowView, areRowPropsEqual);
