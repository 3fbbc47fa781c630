// The products Search Console saw, with their expected CTR and missed clicks. Sorts by missed clicks (or
// clicks, impressions, position) and filters to products with enough data and at least some missed clicks.
import { Badge, Checkbox, Group, NumberInput, Select, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { SearchPriority } from '../../common/contract/functions';
import { formatCount, formatPercent, formatPosition } from './search-format';

const SORTS = {
  missed_clicks: {
    label: 'Missed clicks',
    compare: (a: SearchPriority, b: SearchPriority) => b.missed_clicks - a.missed_clicks,
  },
  clicks: { label: 'Clicks', compare: (a: SearchPriority, b: SearchPriority) => b.clicks - a.clicks },
  impressions: {
    label: 'Impressions',
    compare: (a: SearchPriority, b: SearchPriority) => b.impressions - a.impressions,
  },
  position: { label: 'Position', compare: (a: SearchPriority, b: SearchPriority) => a.position - b.position },
} as const;
type SortKey = keyof typeof SORTS;

/** Rows shown at once; the rest are counted below the table. */
const SHOWN = 200;

export function sortPriorities(
  products: readonly SearchPriority[],
  sort: SortKey,
  onlyEnoughData: boolean,
  minMissed: number,
): SearchPriority[] {
  return products
    .filter(
      (p) =>
        (!onlyEnoughData || p.enough_data) &&
        (minMissed <= 0 || (p.enough_data && p.missed_clicks >= minMissed)),
    )
    .sort((a, b) =>
      sort === 'missed_clicks'
        ? Number(b.enough_data) - Number(a.enough_data) ||
          SORTS.missed_clicks.compare(a, b) ||
          a.product_id - b.product_id
        : SORTS[sort].compare(a, b) || a.product_id - b.product_id,
    );
}

type PriorityFilters = {
  sort: SortKey;
  setSort: (sort: SortKey) => void;
  onlyEnoughData: boolean;
  setOnlyEnoughData: (only: boolean) => void;
  minMissed: number;
  setMinMissed: (min: number) => void;
};

export function SearchPrioritiesTable({ products }: { products: readonly SearchPriority[] }) {
  // Search Console's own order first (clicks); missed clicks is one choice away.
  const [sort, setSort] = useState<SortKey>('clicks');
  const [onlyEnoughData, setOnlyEnoughData] = useState(false);
  const [minMissed, setMinMissed] = useState<number>(0);
  const rows = useMemo(
    () => sortPriorities(products, sort, onlyEnoughData, minMissed),
    [products, sort, onlyEnoughData, minMissed],
  );
  const filters = { sort, setSort, onlyEnoughData, setOnlyEnoughData, minMissed, setMinMissed };
  return (
    <>
      <PriorityFilterFields filters={filters} />
      <PrioritiesTable rows={rows.slice(0, SHOWN)} />
      <Text size="xs" c="dimmed">
        {rows.length > SHOWN
          ? `The first ${SHOWN} of ${rows.length} products. `
          : `${rows.length} products. `}
        Missed clicks = impressions × max(0, expected CTR at the position − CTR); under 100 impressions there
        is not enough data to rank a product.
      </Text>
    </>
  );
}

function PriorityFilterFields({ filters }: { filters: PriorityFilters }) {
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label="Sort by"
        data={Object.entries(SORTS).map(([value, { label }]) => ({ value, label }))}
        value={filters.sort}
        onChange={(value) => value && filters.setSort(value as SortKey)}
        allowDeselect={false}
        w={180}
      />
      <NumberInput
        label="Minimum missed clicks"
        min={0}
        value={filters.minMissed}
        onChange={(value) => filters.setMinMissed(typeof value === 'number' ? value : 0)}
        w={180}
      />
      <Checkbox
        label="Only products with enough data (100+ impressions)"
        checked={filters.onlyEnoughData}
        onChange={(event) => filters.setOnlyEnoughData(event.currentTarget.checked)}
      />
    </Group>
  );
}

function PrioritiesTable({ rows }: { rows: SearchPriority[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label="Search priorities">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Clicks</Table.Th>
            <Table.Th ta="right">Impressions</Table.Th>
            <Table.Th ta="right">CTR</Table.Th>
            <Table.Th ta="right">Position</Table.Th>
            <Table.Th ta="right">Expected CTR</Table.Th>
            <Table.Th ta="right">Missed clicks</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.product_id}>
              <Table.Td>
                <Text size="sm">{p.name}</Text>
                {p.url && (
                  <Text size="xs" c="dimmed">
                    {p.url}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{formatCount(p.clicks)}</Table.Td>
              <Table.Td ta="right">{formatCount(p.impressions)}</Table.Td>
              <Table.Td ta="right">{formatPercent(p.ctr)}</Table.Td>
              <Table.Td ta="right">{formatPosition(p.position)}</Table.Td>
              <Table.Td ta="right">{formatPercent(p.expected_ctr)}</Table.Td>
              <Table.Td ta="right">
                {p.enough_data ? (
                  formatCount(p.missed_clicks)
                ) : (
                  <Badge color="gray" variant="light">
                    Not enough data
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
