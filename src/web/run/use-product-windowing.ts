// Long runs are windowed: only rows near the visible part of the scroll box render, with spacers standing in
// for the rest; a link or a jump to a product scrolls its row into view, rendering it first.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { BundleWorkflowProduct } from '../../common/contract/entities';

/** Up to this many rows render in full, so that find-in-page and #product anchors work natively. */
export const WINDOWING_THRESHOLD = 150;
const ESTIMATED_ROW_HEIGHT = 120;
/** Rows rendered beyond each edge of the visible part (about 1,000 px), so that fast scrolling shows no gaps. */
const OVERSCAN_ROWS = 8;
/** Space kept above a row scrolled to, for the sticky table header. */
const STICKY_HEADER_HEIGHT = 48;

const measureNothing = () => {};

function flash(element: HTMLElement) {
  element.animate?.(
    [{ backgroundColor: 'var(--mantine-color-yellow-1)' }, { backgroundColor: 'transparent' }],
    {
      duration: 1_600,
    },
  );
}

/** The rows to render (all of them, or those near the visible part) and the spacers' heights around them. */
export function useProductWindowing(products: BundleWorkflowProduct[], scrollElement: HTMLElement | null) {
  const listRef = useRef<HTMLTableSectionElement>(null);
  const isWindowed = products.length > WINDOWING_THRESHOLD;
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
  const items = virtualizer.getVirtualItems();
  const rows = isWindowed
    ? items.map((item) => ({ index: item.index, product: products[item.index]! }))
    : products.map((product, index) => ({ index, product }));
  const paddingTop = isWindowed && items[0] ? items[0].start - listOffset : 0;
  const paddingBottom =
    isWindowed && items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)!.end - listOffset) : 0;
  return { listRef, rows, paddingTop, paddingBottom, measureElement, scrollToIndex };
}

/** Scrolls to a product's row and flashes it; a link to /view-bundle/…#product-12 opens at that product. */
export function useGoToProduct(products: BundleWorkflowProduct[], scrollToIndex: (index: number) => void) {
  const indexById = useMemo(() => new Map(products.map((product, index) => [product.id, index])), [products]);
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

  const hasProducts = products.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, when the first products arrive.
  useEffect(() => {
    const id = /^#product-(\d+)$/.exec(window.location.hash)?.[1];
    if (hasProducts && id) goToProduct(Number(id));
  }, [hasProducts]);
  return goToProduct;
}
