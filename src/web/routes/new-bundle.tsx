// New bundle (SPEC §2, §4, §5): name, product list (import or manual), bundle settings and workflow.
import { Button, Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_COLUMNS } from '../../common/constants';
import { USER_MESSAGES } from '../../common/errors';
import type { ColumnMapping } from '../../common/import-columns';
import { buildProductList } from '../../common/product-import';
import { CostEstimate } from '../components/cost-estimate';
import { type ImportedFile, ProductImport } from '../components/product-import';
import { ProductListField, type ProductListMode } from '../components/product-list-field';
import { SampleStoreButtons } from '../components/sample-store-buttons';
import { SpendingCapInput } from '../components/spending-cap';
import { WorkflowSelect } from '../components/workflow-select';
import { newBundleFailureAlert } from '../lib/error-messages';
import { invoke } from '../lib/invoke';
import { bundleListKey } from '../lib/queries';
import { type SampleStore, sampleProductList } from '../lib/sample-stores';

const URL_TEMPLATE_EXAMPLE = '/products/{{keywords}}-{{variants}}';

export function NewBundlePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [bundleName, setBundleName] = useState('');
  const [mode, setMode] = useState<ProductListMode>('import');
  const [manualText, setManualText] = useState('');
  const [imported, setImported] = useState<ImportedFile | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [keywords, setKeywords] = useState('');
  const [urlTemplate, setUrlTemplate] = useState('');
  const [businessType, setBusinessType] = useState('');
  const [toneOfVoice, setToneOfVoice] = useState('');
  const [workflowId, setWorkflowId] = useState<number | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const [spendingCap, setSpendingCap] = useState<number | string>('');

  const importedList = useMemo(
    () => (imported && mapping ? buildProductList(imported.table, mapping) : null),
    [imported, mapping],
  );
  const productList =
    mode === 'manual'
      ? { columns: [...DEFAULT_COLUMNS] as string[], raw_csv: manualText }
      : { columns: importedList?.columns ?? [], raw_csv: importedList?.raw_csv ?? '' };
  const isListEmpty = productList.raw_csv === '';
  const customFields = {
    keywords,
    url_template: urlTemplate,
    business_type: businessType,
    tone_of_voice: toneOfVoice,
  };

  const pickSample = (store: SampleStore) => {
    setBundleName(store.name);
    setMode('manual');
    setManualText(sampleProductList(store, window.location.origin));
    setKeywords(store.keywords);
    setUrlTemplate(store.urlTemplate);
    setBusinessType(store.businessType);
    setToneOfVoice(store.toneOfVoice);
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (isCreating) return;
    // SPEC §5: both the name and the list are needed.
    if (!bundleName.trim() || !productList.raw_csv.trim()) {
      window.alert(USER_MESSAGES.newBundleMissingFields);
      return;
    }
    setIsCreating(true);
    const result = await invoke('new-bundle', {
      bundle_name: bundleName.trim(),
      columns: productList.columns,
      raw_csv: productList.raw_csv,
      custom_fields: customFields,
      workflow_id: workflowId ?? undefined,
      spending_cap_usd: typeof spendingCap === 'number' && spendingCap > 0 ? spendingCap : undefined,
    });
    if (result.error) {
      // SPEC §4: the busy state ends on failure.
      setIsCreating(false);
      window.alert(newBundleFailureAlert(result.error));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: bundleListKey });
    navigate(`/view-bundle/${result.data.bundle_id}/${result.data.workflow_id}`);
  };

  return (
    <Stack maw={960}>
      <Group justify="space-between" align="center">
        <Title order={1}>New bundle</Title>
      </Group>
      <SampleStoreButtons onPick={pickSample} />
      <Paper withBorder p="lg" component="form" onSubmit={create} aria-label="New bundle">
        <Stack>
          <TextInput
            label="Bundle Name"
            placeholder="Autumn range"
            value={bundleName}
            onChange={(event) => setBundleName(event.currentTarget.value)}
          />
          <ProductListField
            mode={mode}
            onModeChange={setMode}
            manualText={manualText}
            onManualTextChange={setManualText}
            importer={
              <ProductImport
                imported={imported}
                mapping={mapping}
                productList={importedList}
                onImported={(file) => {
                  setImported(file);
                  setMapping(file.table.mapping);
                }}
                onMappingChange={setMapping}
              />
            }
          />
          <Textarea
            label="Bundle's Primary Keywords"
            description="The search terms the copy should work in, separated by commas."
            placeholder="scandinavian homeware, wool throws"
            value={keywords}
            onChange={(event) => setKeywords(event.currentTarget.value)}
            autosize
            minRows={1}
          />
          <TextInput
            label="URL Template"
            description={`For example ${URL_TEMPLATE_EXAMPLE}: {{keywords}} is the product's keywords, {{variants}} its colour, size or dimensions.`}
            placeholder={URL_TEMPLATE_EXAMPLE}
            value={urlTemplate}
            onChange={(event) => setUrlTemplate(event.currentTarget.value)}
          />
          <TextInput
            label="Type of Business"
            placeholder="Online homeware shop"
            value={businessType}
            onChange={(event) => setBusinessType(event.currentTarget.value)}
          />
          <TextInput
            label="Tone of Voice"
            placeholder="Calm, warm and understated"
            value={toneOfVoice}
            onChange={(event) => setToneOfVoice(event.currentTarget.value)}
          />
          <WorkflowSelect value={workflowId} onChange={setWorkflowId} />
          <SpendingCapInput
            value={spendingCap}
            onChange={setSpendingCap}
            description="Optional. The run pauses when this bundle has cost this much; you can raise the cap to go on."
          />
          <CostEstimate
            request={
              isListEmpty || workflowId === null
                ? null
                : {
                    workflow_id: workflowId,
                    columns: productList.columns,
                    raw_csv: productList.raw_csv,
                    custom_fields: customFields,
                  }
            }
          />
          <Group>
            <Button type="submit" disabled={isListEmpty || isCreating}>
              {isCreating ? 'Creating...' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
