// A small windowing hook for long tables in a scroll container: only the items near the visible part are
// rendered, and spacers stand in for the rest. Item heights vary (an open log, a long description), so each
// rendered item is measured with a ResizeObserver and the others use an estimate.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

type Key = string | number;

export type VirtualRowsOptions = {
  count: number;
  getKey: (index: number) => Key;
  estimateSize: number;
  /** When false, every item renders: small lists keep the browser's find-in-page and anchors. */
  enabled: boolean;
  /** Extra pixels rendered above and below the visible part, so that fast scrolling shows no gaps. */
  overscanPx?: number;
  /** Space kept above an item scrolled to, for a sticky table header. */
  scrollMarginTop?: number;
};

export type VirtualRows = {
  start: number;
  end: number;
  paddingTop: number;
  paddingBottom: number;
  /** Ref for the scrolling element. */
  scrollRef: (element: HTMLElement | null) => void;
  scrollElement: HTMLElement | null;
  /** Ref for the element where the list starts (its top spacer). */
  listRef: (element: HTMLElement | null) => void;
  /** Ref for each rendered item; the element must carry data-key with the item's key. */
  measureElement: (element: HTMLElement | null) => (() => void) | undefined;
  scrollToIndex: (index: number) => void;
};

/** The first index whose bottom edge is below `y`. */
function findIndex(offsets: Float64Array, count: number, y: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (offsets[middle + 1]! <= y) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function useVirtualRows({
  count,
  getKey,
  estimateSize,
  enabled,
  overscanPx = 1_000,
  scrollMarginTop = 48,
}: VirtualRowsOptions): VirtualRows {
  const sizes = useRef(new Map<Key, number>());
  const [measureVersion, setMeasureVersion] = useState(0);
  const listElement = useRef<HTMLElement | null>(null);
  const [scrollElement, setScrollElement] = useState<HTMLElement | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: measureVersion marks new measurements in the ref.
  const offsets = useMemo(() => {
    const result = new Float64Array(count + 1);
    for (let index = 0; index < count; index++) {
      result[index + 1] = result[index]! + (sizes.current.get(getKey(index)) ?? estimateSize);
    }
    return result;
  }, [count, estimateSize, measureVersion, getKey]);
  const offsetsRef = useRef(offsets);
  offsetsRef.current = offsets;

  const [range, setRange] = useState(() => ({ start: 0, end: Math.min(count, 30) }));

  const updateRange = useCallback(() => {
    const list = listElement.current;
    if (!list || !scrollElement) return;
    const top = scrollElement.getBoundingClientRect().top - list.getBoundingClientRect().top;
    const current = offsetsRef.current;
    const start = findIndex(current, count, top - overscanPx);
    const end = Math.min(count, findIndex(current, count, top + scrollElement.clientHeight + overscanPx) + 1);
    setRange((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
  }, [count, overscanPx, scrollElement]);

  // New offsets (rows measured) can move which rows are in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: offsets is read through offsetsRef.
  useLayoutEffect(() => {
    if (enabled) updateRange();
  }, [enabled, updateRange, offsets]);

  useEffect(() => {
    if (!enabled || !scrollElement) return;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        updateRange();
      });
    };
    scrollElement.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      scrollElement.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [enabled, scrollElement, updateRange]);

  const observer = useMemo(() => {
    if (typeof ResizeObserver === 'undefined') return null;
    let frame = 0;
    return new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const element = entry.target as HTMLElement;
        const key = element.dataset.key;
        if (key === undefined) continue;
        const typedKey: Key = /^\d+$/.test(key) ? Number(key) : key;
        const height = element.getBoundingClientRect().height;
        if (Math.abs((sizes.current.get(typedKey) ?? -1) - height) > 0.5) {
          sizes.current.set(typedKey, height);
          changed = true;
        }
      }
      // One offsets rebuild per frame, however many rows reported.
      if (changed && !frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          setMeasureVersion((version) => version + 1);
        });
      }
    });
  }, []);
  useEffect(() => () => observer?.disconnect(), [observer]);

  const measureElement = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !observer || !enabled) return undefined;
      observer.observe(element);
      return () => observer.unobserve(element);
    },
    [observer, enabled],
  );

  const listRef = useCallback((element: HTMLElement | null) => {
    listElement.current = element;
  }, []);

  const scrollToIndex = useCallback(
    (index: number) => {
      const list = listElement.current;
      if (!list || !scrollElement || !enabled) return;
      const listTop = list.getBoundingClientRect().top - scrollElement.getBoundingClientRect().top;
      scrollElement.scrollTop += listTop + (offsetsRef.current[index] ?? 0) - scrollMarginTop;
    },
    [enabled, scrollElement, scrollMarginTop],
  );

  const base = { scrollRef: setScrollElement, scrollElement, listRef, measureElement, scrollToIndex };
  if (!enabled) return { ...base, start: 0, end: count, paddingTop: 0, paddingBottom: 0 };
  const start = Math.min(range.start, count);
  const end = Math.min(Math.max(range.end, start), count);
  return { ...base, start, end, paddingTop: offsets[start]!, paddingBottom: offsets[count]! - offsets[end]! };
}
