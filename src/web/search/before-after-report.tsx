// The before/after report: equal windows before and after the copy was exported, per group (with sample
// sizes) and per product. A CTR change is credited to the copy only where the position moved by at most 1.
import { Alert, Badge, Stack, Table, Text, Title } from '@mantine/core';
import type { SearchReport } from '../../common/contract/functions';
import { CtrChart } from './ctr-chart';
import { formatCount, formatPercent, formatPosition, formatSigned } from './search-format';

type Ready = Extract<SearchReport, { status: 'ready' }>;
type Figures = Ready['bundle']['before'];

const GROUP_LABELS: Record<Ready['groups'][number]['group'], string> = {
  rewritten: 'Rewritten',
  'rewritten (position moved)': 'Rewritten, position moved',
  control: 'Control (not rewritten)',
};
const CHART_LABELS: Record<Ready['groups'][number]['group'], string> = {
  rewritten: 'Rewritten',
  'rewritten (position moved)': 'Position moved',
  control: 'Control',
};
const VERDICT_COLOURS: Record<Ready['products'][number]['verdict'], string> = {
  credited: 'teal',
  'inconclusive (position moved)': 'orange',
  'no data in one window': 'gray',
  control: 'blue',
  'not comparable': 'gray',
};

function FigureCells({ before, after }: { before: Figures; after: Figures }) {
  return (
    <>
      <Table.Td ta="right">
        {formatCount(before?.clicks)} → {formatCount(after?.clicks)}
      </Table.Td>
      <Table.Td ta="right">
        {formatCount(before?.impressions)} → {formatCount(after?.impressions)}
      </Table.Td>
      <Table.Td ta="right">
        {formatPercent(before?.ctr)} → {formatPercent(after?.ctr)}
      </Table.Td>
      <Table.Td ta="right">
        {formatPosition(before?.position)} → {formatPosition(after?.position)}
      </Table.Td>
    </>
  );
}

export function BeforeAfterReport({ report }: { report: SearchReport }) {
  if (report.status === 'no_import') return null;
  if (report.status === 'no_before_window') {
    return (
      <Alert color="blue" variant="light" title="Before and after">
        {report.message}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Title order={3}>Before and after</Title>
      <Text size="sm">
        Before: {report.before.start} to {report.before.end}; after: {report.after.start} to{' '}
        {report.after.end} ({report.after.days} days each). Products without data in one window:{' '}
        {report.excluded.no_data_in_one_window}; exported too close to a window to compare:{' '}
        {report.excluded.not_comparable}.
      </Text>
      <GroupsTable report={report} />
      <CtrChart
        groups={report.groups.map((g) => ({
          label: CHART_LABELS[g.group],
          before: g.before?.ctr ?? null,
          after: g.after?.ctr ?? null,
          products: g.products,
        }))}
      />
      <ProductsTable products={report.products} />
    </Stack>
  );
}

/** Each group, with its sample size, and the whole bundle. */
function GroupsTable({ report }: { report: Ready }) {
  const groups = [
    ...report.groups.map((g) => ({ label: GROUP_LABELS[g.group], ...g })),
    { label: 'Whole bundle', group: 'bundle', ...report.bundle },
  ];
  return (
    <Table aria-label="Before and after by group">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Group</Table.Th>
          <Table.Th ta="right">Products (n)</Table.Th>
          <Table.Th ta="right">Clicks</Table.Th>
          <Table.Th ta="right">Impressions</Table.Th>
          <Table.Th ta="right">CTR</Table.Th>
          <Table.Th ta="right">Position</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {groups.map((g) => (
          <Table.Tr key={g.label}>
            <Table.Td>{g.label}</Table.Td>
            <Table.Td ta="right">{g.products}</Table.Td>
            <FigureCells before={g.before} after={g.after} />
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Each product, with its CTR change and whether the change is credited to the copy. */
function ProductsTable({ products }: { products: Ready['products'] }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped aria-label="Before and after by product">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Clicks</Table.Th>
            <Table.Th ta="right">Impressions</Table.Th>
            <Table.Th ta="right">CTR</Table.Th>
            <Table.Th ta="right">Position</Table.Th>
            <Table.Th ta="right">CTR change</Table.Th>
            <Table.Th>Verdict</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((p) => (
            <Table.Tr key={p.product_id}>
              <Table.Td>{p.name}</Table.Td>
              <FigureCells before={p.before} after={p.after} />
              <Table.Td ta="right">{formatSigned(p.ctr_change, (v) => formatPercent(v))}</Table.Td>
              <Table.Td>
                <Badge color={VERDICT_COLOURS[p.verdict]} variant="light" title={p.reason ?? undefined}>
                  {p.verdict}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
