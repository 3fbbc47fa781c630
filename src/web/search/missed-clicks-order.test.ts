import { describe, expect, it } from 'vitest';
import type { BundleWorkflowProduct } from '../../common/contract/entities';
import type { SearchPriority } from '../../common/contract/functions';
import { orderByMissedClicks } from './missed-clicks-order';
import { sortPriorities } from './search-priorities-table';

const product = (id: number, productId: number) => ({ id, product_id: productId }) as BundleWorkflowProduct;
const priority = (id: number, missed: number, clicks: number, enough = true) =>
  ({
    product_id: id,
    missed_clicks: missed,
    clicks,
    impressions: 1_000,
    position: 3,
    enough_data: enough,
  }) as SearchPriority;

describe('orderByMissedClicks', () => {
  const products = [product(1, 11), product(2, 12), product(3, 13), product(4, 14)];
  const missed = new Map([
    [12, 50],
    [13, 300],
    [14, 0],
  ]);
  it('keeps the list order without an import or when asked to', () => {
    expect(orderByMissedClicks(products, 'missed', null)).toBe(products);
    expect(orderByMissedClicks(products, 'list', missed)).toBe(products);
  });
  it('puts the most missed first, products without figures last, and filters to those missing clicks', () => {
    expect(orderByMissedClicks(products, 'missed', missed).map((p) => p.id)).toEqual([3, 2, 4, 1]);
    expect(orderByMissedClicks(products, 'only_missed', missed).map((p) => p.id)).toEqual([3, 2]);
  });
});

describe('sortPriorities', () => {
  const list = [priority(1, 10, 500), priority(2, 900, 5), priority(3, 50, 40, false), priority(4, 0, 80)];
  it('sorts by missed clicks with not-enough-data last, or by clicks', () => {
    expect(sortPriorities(list, 'missed_clicks', false, 0).map((p) => p.product_id)).toEqual([2, 1, 4, 3]);
    expect(sortPriorities(list, 'clicks', false, 0).map((p) => p.product_id)).toEqual([1, 4, 3, 2]);
  });
  it('filters to enough data, or to a minimum of missed clicks', () => {
    expect(sortPriorities(list, 'missed_clicks', true, 0).map((p) => p.product_id)).toEqual([2, 1, 4]);
    expect(sortPriorities(list, 'missed_clicks', false, 10).map((p) => p.product_id)).toEqual([2, 1]);
  });
});
