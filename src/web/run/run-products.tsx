// A run's products with their review tools: the filter and bulk actions above, the table (or on a phone the
// cards) below, and the Review panel as a drawer over both. The selection and the open review live here, so
// that switching between table and cards keeps them.
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { BUNDLE_POLL_INTERVAL_MS } from '../../common/contract/constants';
import type { BundleWorkflowProduct } from '../../common/contract/entities';
import { queryKeys } from '../api/query-keys';
import type { RunIds } from '../api/use-regenerate-products';
import { matchesFilter, type ProductFilter } from '../review/product-filter';
import { ReviewToolbar } from '../review/review-toolbar';
import {
  type MissedClicksOrder,
  MissedClicksOrderSelect,
  orderByMissedClicks,
  useMissedClicks,
} from '../search/missed-clicks-order';
import { ProductCards } from './product-cards';
import { ProductsTable } from './products-table';
import { ReviewDrawer } from './review-drawer';
import type { RunActions } from './run-context';

const noop = () => {};

/**
 * A settled run stops polling; while a Review panel is open the run is asked again anyway (an unchanged run is
 * a bodiless 304), so that the editor sees the product change under it, from another tab, say.
 */
function useRunPolledWhileReviewing(isReviewing: boolean, run: RunIds) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isReviewing) return;
    const timer = setInterval(
      () =>
        void queryClient.invalidateQueries({ queryKey: queryKeys.bundleRun(run.bundleId, run.workflowId) }),
      BUNDLE_POLL_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [isReviewing, queryClient, run.bundleId, run.workflowId]);
}

export function RunProducts({
  run,
  products,
  mainLanguage = null,
}: {
  run: RunIds;
  products: BundleWorkflowProduct[];
  /** The language the run's first copy is in (the workflow's first, else the bundle's). */
  mainLanguage?: string | null;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const [filter, setFilter] = useState<ProductFilter>('all');
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [reviewId, setReviewId] = useState<number | null>(null);

  // Search Console's missed clicks: offered once the bundle has an import.
  const missed = useMissedClicks(run.bundleId);
  const [order, setOrder] = useState<MissedClicksOrder>('list');
  const shown = useMemo(
    () =>
      orderByMissedClicks(
        filter === 'all' ? products : products.filter((product) => matchesFilter(product, filter)),
        order,
        missed,
      ),
    [products, filter, order, missed],
  );
  const toggleSelected = useCallback(
    (id: number) =>
      setSelected((set) => {
        const next = new Set(set);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const openReview = useCallback((id: number) => setReviewId(id), []);
  // The drawer's actions: the same run, outside the table's context.
  const actions = useMemo<RunActions>(
    () => ({ ...run, toggleLog: noop, openReview, toggleSelected, goToProduct: noop, measureElement: noop }),
    [run, openReview, toggleSelected],
  );
  useRunPolledWhileReviewing(reviewId !== null, run);
  // The open product is read from the run on every poll, so the panel sees the product change under it.
  const reviewed = reviewId === null ? undefined : products.find((product) => product.id === reviewId);

  return (
    <>
      {missed && products.length > 0 && <MissedClicksOrderSelect value={order} onChange={setOrder} />}
      {products.length > 0 && (
        <ReviewToolbar
          run={run}
          products={products}
          shown={shown}
          filter={filter}
          onFilter={setFilter}
          selected={selected}
          onSelect={setSelected}
        />
      )}
      {isPhone ? (
        <ProductCards products={shown} run={actions} selected={selected} />
      ) : (
        <ProductsTable
          run={run}
          products={shown}
          selected={selected}
          onToggleSelected={toggleSelected}
          onOpenReview={openReview}
        />
      )}
      <ReviewDrawer
        product={reviewed}
        run={actions}
        mainLanguage={mainLanguage}
        onClose={() => setReviewId(null)}
      />
    </>
  );
}
