// The products of a run (SPEC §2), in a scroll box with a sticky header so that both scroll bars stay in
// reach. Long runs are windowed (useProductWindowing), and a poll re-renders only the rows whose product
// changed (see ProductRow).
import { Table, Text } from '@mantine/core';
import { type CSSProperties, useCallback, useEffect, useMemo, useState } from 'react';
import type { BundleWorkflowProduct } from '../../common/contract/entities';
import type { RunIds } from '../api/use-regenerate-products';
import { frozenClass, PRODUCT_COLUMNS, ProductRow } from './product-row';
import classes from './products-table.module.css';
import { type RunActions, RunContext } from './run-context';
import { useGoToProduct, useProductWindowing } from './use-product-windowing';

const TABLE_WIDTH = PRODUCT_COLUMNS.reduce((sum, column) => sum + column.width, 0);
const WIDEST_SCROLLING = Math.max(...PRODUCT_COLUMNS.slice(1, -1).map((column) => column.width));
/**
 * The frozen Name and Log columns stay frozen only while the widest scrolling column still fits beside them
 * (at 900 px a frozen Log column would hide half of "Meta Description"); a narrower box lets the Log column
 * scroll too, and a very narrow one the Name column as well.
 */
function frozenLayout(visibleWidth: number | null): { className?: string; style: CSSProperties } {
  const [name, log] = [PRODUCT_COLUMNS[0].width, PRODUCT_COLUMNS.at(-1)!.width];
  // Scrolling a cell into view (keyboard, find, anchors) keeps it clear of the frozen columns.
  if (visibleWidth !== null && visibleWidth < name + WIDEST_SCROLLING)
    return { className: classes.noneFrozen, style: {} };
  if (visibleWidth !== null && visibleWidth < name + log + WIDEST_SCROLLING)
    return { className: classes.nameFrozen, style: { scrollPaddingLeft: name } };
  return { style: { scrollPaddingLeft: name, scrollPaddingRight: log } };
}

type ProductsTableProps = {
  run: RunIds;
  products: BundleWorkflowProduct[];
  selected: ReadonlySet<number>;
  onToggleSelected: (productId: number) => void;
  onOpenReview: (productId: number) => void;
};

function toggleIn(set: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
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

/** The table's state: the scroll box, the rows to render, the open logs, and what each row may do. */
function useProductsTable({ products, run, onToggleSelected, onOpenReview }: ProductsTableProps) {
  const [openLogs, setOpenLogs] = useState<ReadonlySet<number>>(() => new Set());
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const visibleWidth = useVisibleWidth(scrollElement);
  const windowing = useProductWindowing(products, scrollElement);
  const { measureElement } = windowing;
  const goToProduct = useGoToProduct(products, windowing.scrollToIndex);
  const toggleLog = useCallback((id: number) => setOpenLogs((set) => toggleIn(set, id)), []);
  const actions = useMemo<RunActions>(
    () => ({
      ...run,
      toggleLog,
      openReview: onOpenReview,
      toggleSelected: onToggleSelected,
      goToProduct,
      measureElement,
    }),
    [run, toggleLog, onOpenReview, onToggleSelected, goToProduct, measureElement],
  );
  const nameById = useMemo(
    () => new Map(products.map((product) => [product.id, product.product_details.product_name ?? null])),
    [products],
  );
  return { openLogs, setScrollElement, visibleWidth, windowing, actions, nameById };
}

export function ProductsTable(props: ProductsTableProps) {
  const { products, selected } = props;
  const { openLogs, setScrollElement, visibleWidth, windowing, actions, nameById } = useProductsTable(props);
  if (products.length === 0) {
    return <Text c="dimmed">No products to show.</Text>;
  }
  const frozen = frozenLayout(visibleWidth);
  return (
    <RunContext.Provider value={actions}>
      <div
        ref={setScrollElement}
        className={[classes.scroll, frozen.className].filter(Boolean).join(' ')}
        style={
          {
            ...frozen.style,
            '--products-visible-width': visibleWidth ? `${visibleWidth}px` : undefined,
          } as CSSProperties
        }
      >
        <Table
          aria-label="Products"
          verticalSpacing="sm"
          stickyHeader
          className={classes.table}
          style={{ width: TABLE_WIDTH, minWidth: TABLE_WIDTH }}
        >
          <ProductsTableHead />
          <tbody ref={windowing.listRef} aria-hidden="true">
            <tr style={{ height: windowing.paddingTop }} />
          </tbody>
          {windowing.rows.map(({ index, product }) => (
            <ProductRow
              key={product.id}
              index={index}
              product={product}
              parentName={
                typeof product.is_multiple_of === 'number'
                  ? (nameById.get(product.is_multiple_of) ?? null)
                  : null
              }
              isLogOpen={openLogs.has(product.id)}
              isSelected={selected.has(product.id)}
            />
          ))}
          <tbody aria-hidden="true">
            <tr style={{ height: windowing.paddingBottom }} />
          </tbody>
        </Table>
      </div>
    </RunContext.Provider>
  );
}

/** The column widths and the sticky header row. */
function ProductsTableHead() {
  return (
    <>
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
    </>
  );
}
