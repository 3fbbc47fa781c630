// Upload a Search Console Performance export: the ZIP, or Pages.csv with the period it covers.
import { Alert, Button, FileInput, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FunctionResponse } from '../../common/contract/functions';
import { useFunctionMutation } from '../api/use-function-mutation';
import { fileToBase64, searchKeys } from './search-format';

type Imported = FunctionResponse<'import-search-data'>;

/** The file and, for a lone Pages.csv, the period it covers; and the import's answer. */
function useSearchImport(bundleId: number) {
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
  const fields = { file, setFile, isZip, periodStart, setPeriodStart, periodEnd, setPeriodEnd };
  return { fields, result, onImport, isImporting: importData.isPending };
}

type ImportFields = ReturnType<typeof useSearchImport>['fields'];

export function SearchImportForm({ bundleId }: { bundleId: number }) {
  const { fields, result, onImport, isImporting } = useSearchImport(bundleId);
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="wrap">
        <ImportFileFields fields={fields} />
        <Button onClick={() => void onImport()} disabled={!fields.file} loading={isImporting}>
          Import search data
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        The data stays on this server with the bundle, is deleted with it and is never sent to the AI model.
      </Text>
      {result && <ImportResult result={result} />}
    </Stack>
  );
}

function ImportFileFields({ fields }: { fields: ImportFields }) {
  return (
    <>
      <FileInput
        label="Search Console export"
        description="Performance → Pages → Export: the ZIP, or its Pages.csv"
        placeholder="Choose a .zip or .csv file"
        accept=".zip,.csv,text/csv,application/zip"
        value={fields.file}
        onChange={fields.setFile}
        clearable
        w={320}
      />
      {fields.file && !fields.isZip && (
        <>
          <TextInput
            type="date"
            label="Period start"
            value={fields.periodStart}
            onChange={(event) => fields.setPeriodStart(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="Period end"
            value={fields.periodEnd}
            onChange={(event) => fields.setPeriodEnd(event.currentTarget.value)}
          />
        </>
      )}
    </>
  );
}

/** What the import matched, which columns it read, and the pages it could not match to a product. */
function ImportResult({ result }: { result: Imported }) {
  return (
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
  );
}
