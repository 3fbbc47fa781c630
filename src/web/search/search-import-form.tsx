// Upload a Search Console Performance export: the ZIP, or Pages.csv with the period it covers.
import { Alert, Button, FileInput, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FunctionResponse } from '../../common/functions';
import { useFunctionMutation } from '../api/use-function-mutation';
import { fileToBase64, searchKeys } from './search-format';

type Imported = FunctionResponse<'import-search-data'>;

export function SearchImportForm({ bundleId }: { bundleId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [periodStart, setPeriodStart] = useState('');
  const [periodEnd, setPeriodEnd] = useState('');
  const [result, setResult] = useState<Imported | null>(null);
  const isZip = file?.name.toLowerCase().endsWith('.zip') ?? false;
  const importData = useFunctionMutation('import-search-data', {
    errorTitle: 'Could not import the Search Console data',
    onSuccess: (data) => setResult(data),
    invalidates: [searchKeys.priorities(bundleId), searchKeys.report(bundleId)],
  });

  async function onImport() {
    if (!file) return;
    const period = {
      ...(periodStart ? { period_start: periodStart } : {}),
      ...(periodEnd ? { period_end: periodEnd } : {}),
    };
    importData.mutate(
      isZip
        ? { bundle_id: bundleId, zip_base64: await fileToBase64(file), ...period }
        : { bundle_id: bundleId, text: await file.text(), ...period },
    );
  }

  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="wrap">
        <FileInput
          label="Search Console export"
          description="Performance → Pages → Export: the ZIP, or its Pages.csv"
          placeholder="Choose a .zip or .csv file"
          accept=".zip,.csv,text/csv,application/zip"
          value={file}
          onChange={setFile}
          clearable
          w={320}
        />
        {file && !isZip && (
          <>
            <TextInput
              type="date"
              label="Period start"
              value={periodStart}
              onChange={(event) => setPeriodStart(event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="Period end"
              value={periodEnd}
              onChange={(event) => setPeriodEnd(event.currentTarget.value)}
            />
          </>
        )}
        <Button onClick={() => void onImport()} disabled={!file} loading={importData.isPending}>
          Import search data
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        The data stays on this server with the bundle, is deleted with it and is never sent to the AI model.
      </Text>
      {result && (
        <Alert color="teal" variant="light" role="status" title="Search Console data imported">
          <Text size="sm">
            {result.matched} of {result.page_rows} pages matched {result.matched_products} products;{' '}
            {result.unmatched.length} unmatched. Period {result.period.start} to {result.period.end}.
          </Text>
          <Text size="sm">
            Columns read:{' '}
            {Object.entries(result.columns_read)
              .map(([figure, header]) => `${figure} ← “${header}”`)
              .join(', ')}
          </Text>
          {result.unmatched.length > 0 && (
            <details>
              <summary>Unmatched pages ({result.unmatched.length})</summary>
              <List size="xs" mah={200} style={{ overflow: 'auto' }}>
                {result.unmatched.slice(0, 500).map((url) => (
                  <List.Item key={url}>{url}</List.Item>
                ))}
              </List>
            </details>
          )}
        </Alert>
      )}
    </Stack>
  );
}
