// The products of a run (SPEC §2), in a scroll box with a sticky header so that both scroll bars stay in
// reach. Long runs are windowed: only rows near the visible part render, and a poll re-renders only the rows
// whose product changed (see ProductRow).
import { Table, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { BundleWorkflowProduct } from '../../common/entities';
import type { RunIds } from '../api/use-regenerate-products';
import { frozenClass, PRODUCT_COLUMNS, ProductRow } from './product-row';
import classes from './products-table.module.css';
import { type RunActions, RunContext } from './run-context';

/** Up to this many rows render in full, so that find-in-page and #product anchors work natively. */
export const WINDOWING_THRESHOLD = 150;
const ESTIMATED_ROW_HEIGHT = 120;
/** Rows rendered beyond each edge of the visible part (about 1,000 px), so that fast scrolling shows no gaps. */
const OVERSCAN_ROWS = 8;
/** Space kept above a row scrolled to, for the sticky table header. */
const STICKY_HEADER_HEIGHT = 48;
const TABLE_WIDTH = PRODUCT_COLUMNS.reduce((sum, column) => sum + column.width, 0);
const WIDEST_SCROLLING = Math.max(...PRODUCT_COLUMNS.slice(1, -1).map((column) => column.width));
/**
 * The frozen Name and Log columns stay frozen only while the widest scrolling column still fits beside them
 * (issue 22: at 900 px the frozen Log column hid half of "Meta Description"); a narrower box lets the Log
 * column scroll too, and a very narrow one the Name column as well.
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

const measureNothing = () => {};

export function ProductsTable({
  products,
  run,
  selected,
  onToggleSelected,
  onOpenReview,
}: ProductsTableProps) {
  const [openLogs, setOpenLogs] = useState<ReadonlySet<number>>(() => new Set());
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const listRef = useRef<HTMLTableSectionElement>(null);
  const visibleWidth = useVisibleWidth(scrollElement);

  const isWindowed = products.length > WINDOWING_THRESHOLD;
  const indexById = useMemo(() => new Map(products.map((product, index) => [product.id, index])), [products]);
  const getItemKey = useCallback((index: number) => products[index]?.id ?? index, [products]);
  // The rows start below the table header: the windowing counts from there.
  const [listOffset, setListOffset] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (isWindowed && list && scrollElement) {
      const top = list.getBoundingClientRect().top - scrollElement.getBoundingClientRect().top;
      setListOffset(top + scrollElement.scrollTop);
    }
  }, [isWindowed, scrollElement]);
  const virtualizer = useVirtualizer({
    count: products.length,
    getScrollElement: () => scrollElement,
    getItemKey,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    scrollMargin: listOffset,
    scrollPaddingStart: STICKY_HEADER_HEIGHT,
    enabled: isWindowed,
  });
  const measureElement = isWindowed ? virtualizer.measureElement : measureNothing;
  const scrollToIndex = useCallback(
    (index: number) => {
      if (isWindowed) virtualizer.scrollToIndex(index, { align: 'start' });
    },
    [isWindowed, virtualizer],
  );

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

  if (products.length === 0) {
    return <Text c="dimmed">No products to show.</Text>;
  }

  // Windowed, only the rows near the visible part render, with spacers standing in for the rest.
  const items = virtualizer.getVirtualItems();
  const rows = isWindowed
    ? items.map((item) => ({ index: item.index, product: products[item.index]! }))
    : products.map((product, index) => ({ index, product }));
  const paddingTop = isWindowed && items[0] ? items[0].start - listOffset : 0;
  const paddingBottom =
    isWindowed && items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)!.end - listOffset) : 0;
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
          <tbody ref={listRef} aria-hidden="true">
            <tr style={{ height: paddingTop }} />
          </tbody>
          {rows.map(({ index, product }) => (
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
            <tr style={{ height: paddingBottom }} />
          </tbody>
        </Table>
      </div>
    </RunContext.Provider>
  );
}
