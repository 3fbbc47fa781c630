// The run's products table ordered or filtered by missed clicks: the latest Search Console import's
// figure per product, read from the same query the Search Console section uses. Without an import the choice
// is not offered and the list keeps its order.
import { Select } from '@mantine/core';
import { useMemo } from 'react';
import type { BundleWorkflowProduct } from '../../common/contract/entities';
import { useFunctionQuery } from '../api/use-function-query';
import { searchKeys } from './search-format';

export const MISSED_CLICKS_ORDERS = {
  list: 'List order',
  missed: 'Most missed clicks first',
  only_missed: 'Only products missing clicks',
} as const;
export type MissedClicksOrder = keyof typeof MISSED_CLICKS_ORDERS;

/** product_id → missed clicks, for products with enough data; null without an import. */
export function useMissedClicks(bundleId: number): ReadonlyMap<number, number> | null {
  const priorities = useFunctionQuery(
    'view-search-priorities',
    { bundle_id: bundleId },
    { queryKey: searchKeys.priorities(bundleId) },
  );
  return useMemo(() => {
    if (!priorities.data?.import) return null;
    return new Map(
      priorities.data.products.filter((p) => p.enough_data).map((p) => [p.product_id, p.missed_clicks]),
    );
  }, [priorities.data]);
}

export function orderByMissedClicks(
  products: BundleWorkflowProduct[],
  order: MissedClicksOrder,
  missed: ReadonlyMap<number, number> | null,
): BundleWorkflowProduct[] {
  if (order === 'list' || !missed) return products;
  const of = (product: BundleWorkflowProduct) => missed.get(product.product_id) ?? -1;
  const kept = order === 'only_missed' ? products.filter((product) => of(product) > 0) : products;
  return [...kept].sort((a, b) => of(b) - of(a) || a.id - b.id);
}

export function MissedClicksOrderSelect({
  value,
  onChange,
}: {
  value: MissedClicksOrder;
  onChange: (order: MissedClicksOrder) => void;
}) {
  return (
    <Select
      label="Order by search data"
      data={Object.entries(MISSED_CLICKS_ORDERS).map(([key, label]) => ({ value: key, label }))}
      value={value}
      onChange={(next) => next && onChange(next as MissedClicksOrder)}
      allowDeselect={false}
      w={260}
    />
  );
}
