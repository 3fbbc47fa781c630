// The products of a run (SPEC §2), in a scroll box with a sticky header so that both scroll bars stay in
// reach. Long runs are windowed: only rows near the visible part render, and a poll re-renders only the rows
// whose product changed (see ProductRow).
import { Table, Text } from '@mantine/core';
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BundleWorkflowProduct } from '../../common/entities';
import { useVirtualRows } from '../lib/use-virtual-rows';
import { frozenClass, PRODUCT_COLUMNS, ProductRow } from './product-row';
import classes from './products-table.module.css';
import { type RunActions, RunContext } from './run-context';

/** Up to this many rows render in full, so that find-in-page and #product anchors work natively. */
export const WINDOWING_THRESHOLD = 150;
const ESTIMATED_ROW_HEIGHT = 120;
const TABLE_WIDTH = PRODUCT_COLUMNS.reduce((sum, column) => sum + column.width, 0);

type ProductsTableProps = Omit<
  RunActions,
  'toggleLog' | 'toggleReview' | 'goToProduct' | 'measureElement'
> & {
  products: BundleWorkflowProduct[];
};

function toggleIn(set: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
}

function flash(element: HTMLElement) {
  element.animate?.(
    [{ backgroundColor: 'var(--mantine-color-yellow-1)' }, { backgroundColor: 'transparent' }],
    {
      duration: 1_600,
    },
  );
}

/** The width of the scroll box's visible part, for panels that span the table. */
function useVisibleWidth(element: HTMLElement | null): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

export function ProductsTable({ products, ...run }: ProductsTableProps) {
  const [openLogs, setOpenLogs] = useState<ReadonlySet<number>>(() => new Set());
  const [openReviews, setOpenReviews] = useState<ReadonlySet<number>>(() => new Set());

  const indexById = useMemo(() => new Map(products.map((product, index) => [product.id, index])), [products]);
  const getKey = useCallback((index: number) => products[index]?.id ?? index, [products]);
  const virtualizer = useVirtualRows({
    count: products.length,
    getKey,
    estimateSize: ESTIMATED_ROW_HEIGHT,
    enabled: products.length > WINDOWING_THRESHOLD,
  });
  const { scrollToIndex, measureElement, scrollElement } = virtualizer;
  const visibleWidth = useVisibleWidth(scrollElement);

  // Read through a ref: a new map on every poll must not change the row context and re-render every row.
  const indexByIdRef = useRef(indexById);
  indexByIdRef.current = indexById;
  const goToProduct = useCallback(
    (productId: number) => {
      const index = indexByIdRef.current.get(productId);
      if (index === undefined) return;
      window.history.replaceState(window.history.state, '', `#product-${productId}`);
      scrollToIndex(index);
      // The row may only exist after the scroll has rendered it.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const row = document.getElementById(`product-${productId}`);
          if (!row) return;
          row.scrollIntoView({ block: 'start' });
          flash(row);
        }),
      );
    },
    [scrollToIndex],
  );

  // A link to /view-bundle/…#product-12 opens at that product once the rows are there.
  const hasProducts = products.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, when the first products arrive.
  useEffect(() => {
    const id = /^#product-(\d+)$/.exec(window.location.hash)?.[1];
    if (hasProducts && id) goToProduct(Number(id));
  }, [hasProducts]);

  const toggleLog = useCallback((id: number) => setOpenLogs((set) => toggleIn(set, id)), []);
  const toggleReview = useCallback((id: number) => setOpenReviews((set) => toggleIn(set, id)), []);

  const { bundleId, workflowId, bundleWorkflowId, regenerate, saved } = run;
  const actions = useMemo<RunActions>(
    () => ({
      bundleId,
      workflowId,
      bundleWorkflowId,
      regenerate,
      saved,
      toggleLog,
      toggleReview,
      goToProduct,
      measureElement,
    }),
    [
      bundleId,
      workflowId,
      bundleWorkflowId,
      regenerate,
      saved,
      toggleLog,
      toggleReview,
      goToProduct,
      measureElement,
    ],
  );

  const nameById = useMemo(
    () => new Map(products.map((product) => [product.id, product.product_details.product_name ?? null])),
    [products],
  );

  if (products.length === 0) {
    return <Text c="dimmed">This run has no products.</Text>;
  }

  const visible = products.slice(virtualizer.start, virtualizer.end);
  return (
    <RunContext.Provider value={actions}>
      <div
        ref={virtualizer.scrollRef}
        className={classes.scroll}
        style={
          { '--products-visible-width': visibleWidth ? `${visibleWidth}px` : undefined } as CSSProperties
        }
      >
        <Table
          aria-label="Products"
          verticalSpacing="sm"
          stickyHeader
          className={classes.table}
          style={{ width: TABLE_WIDTH, minWidth: TABLE_WIDTH }}
        >
          <colgroup>
            {PRODUCT_COLUMNS.map((column) => (
              <col key={column.label} style={{ width: column.width }} />
            ))}
          </colgroup>
          <Table.Thead>
            <Table.Tr>
              {PRODUCT_COLUMNS.map((column, index) => (
                <Table.Th key={column.label} className={frozenClass(index)}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <tbody ref={virtualizer.listRef} aria-hidden="true">
            <tr style={{ height: virtualizer.paddingTop }} />
          </tbody>
          {visible.map((product) => (
            <ProductRow
              key={product.id}
              product={product}
              parentName={
                typeof product.is_multiple_of === 'number'
                  ? (nameById.get(product.is_multiple_of) ?? null)
                  : null
              }
              isLogOpen={openLogs.has(product.id)}
              isReviewOpen={openReviews.has(product.id)}
            />
          ))}
          <tbody aria-hidden="true">
            <tr style={{ height: virtualizer.paddingBottom }} />
          </tbody>
        </Table>
      </div>
    </RunContext.Provider>
  );
}
