// Search Console on a bundle: import an export, see which products miss the most clicks, write
// copy for the top ones, and once later data is in, read the before/after report.
import { Anchor, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useFunctionMutation } from '../api/use-function-mutation';
import { useFunctionQuery } from '../api/use-function-query';
import { BeforeAfterReport } from './before-after-report';
import { searchKeys } from './search-format';
import { SearchImportForm } from './search-import-form';
import { SearchPrioritiesTable } from './search-priorities-table';
import { TopProductsRun } from './top-products-run';

export function SearchDataSection({ bundleId }: { bundleId: number }) {
  const priorities = useFunctionQuery(
    'view-search-priorities',
    { bundle_id: bundleId },
    { queryKey: searchKeys.priorities(bundleId) },
  );
  const report = useFunctionQuery(
    'view-search-report',
    { bundle_id: bundleId },
    { queryKey: searchKeys.report(bundleId) },
  );
  const latest = priorities.data?.import ?? null;
  const ranked = priorities.data?.products.filter((p) => p.enough_data && p.missed_clicks > 0).length ?? 0;
  return (
    <Stack component="section" aria-label="Search Console" gap="sm">
      <Title order={2}>Search Console</Title>
      <SearchImportForm bundleId={bundleId} />
      {latest && priorities.data && (
        <>
          <Text size="sm">
            Latest data: {latest.period.start} to {latest.period.end}, {latest.page_rows} pages,{' '}
            {priorities.data.products.length} products matched. Expected CTR: {priorities.data.curve.source}.
          </Text>
          <SearchPrioritiesTable products={priorities.data.products} />
          <TopProductsRun bundleId={bundleId} rankedCount={ranked} />
          <CurveEditor bundleId={bundleId} />
        </>
      )}
      {report.data && <BeforeAfterReport report={report.data} />}
    </Stack>
  );
}

function CurveEditor({ bundleId }: { bundleId: number }) {
  const [text, setText] = useState('');
  const [isOpen, setOpen] = useState(false);
  const save = useFunctionMutation('set-ctr-curve', {
    errorTitle: 'Could not use that CTR curve',
    invalidates: [searchKeys.priorities(bundleId)],
  });
  if (!isOpen) {
    return (
      <Anchor component="button" type="button" size="sm" onClick={() => setOpen(true)}>
        Use my own CTR curve
      </Anchor>
    );
  }
  return (
    <Stack gap={4}>
      <Textarea
        label="Expected CTR by position"
        description='One "position, CTR" a line, e.g. "1	28.5%". Leave empty for the default (AWR desktop).'
        autosize
        minRows={4}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => save.mutate({ bundle_id: bundleId, curve: text.trim() ? text : null })}
      >
        Save curve
      </Anchor>
    </Stack>
  );
}
