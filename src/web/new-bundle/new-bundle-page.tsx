// New bundle (SPEC §2, §4, §5): name, product list (import or manual), bundle settings and workflow.
import { Button, Group, Paper, Stack, Switch, TextInput } from '@mantine/core';
import { CostEstimate } from '../ui/cost-estimate';
import { PageHeading } from '../ui/page-heading';
import { SpendingCapInput } from '../ui/spending-cap-input';
import { usePageTitle } from '../ui/use-page-title';
import { BundleBriefFields } from './bundle-brief-fields';
import { LanguageField } from './language-field';
import { ProductImport } from './product-import';
import { ProductListField } from './product-list-field';
import { SampleStoreButtons } from './sample-store-buttons';
import { hasPrices, type NewBundleForm, storeSeoCopyCount, useNewBundleForm } from './use-new-bundle-form';

/** "22 of 29 products already have SEO copy." */
const seoCopyNote = ({ withCopy, products }: { withCopy: number; products: number }) =>
  withCopy === 0
    ? 'No product in the file has SEO copy yet.'
    : `${withCopy} of ${products} ${products === 1 ? 'product already has' : 'products already have'} SEO copy.`;

import { WorkflowSelect } from './workflow-select';

export function NewBundlePage() {
  usePageTitle('New bundle');
  const bundle = useNewBundleForm();
  const { form, isCreating } = bundle;
  const isListEmpty = bundle.list.productList.raw_csv === '';
  return (
    <Stack maw={960}>
      <Group justify="space-between" align="center">
        <PageHeading>New bundle</PageHeading>
      </Group>
      <SampleStoreButtons onPick={bundle.pickSample} />
      <Paper
        withBorder
        p="lg"
        component="form"
        onSubmit={form.onSubmit(bundle.create)}
        aria-label="New bundle"
      >
        <Stack>
          <TextInput label="Bundle Name" placeholder="Autumn range" {...form.getInputProps('bundleName')} />
          <ProductsFields bundle={bundle} />
          <BundleBriefFields form={form} />
          <RunFields bundle={bundle} />
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

/** The product list, and what a store's own file lets the user choose about it. */
function ProductsFields({ bundle }: { bundle: NewBundleForm }) {
  const { form, list } = bundle;
  const { mode, manualText } = form.values;
  return (
    <>
      <ProductListField
        mode={mode}
        onModeChange={(next) => form.setFieldValue('mode', next)}
        manualText={manualText}
        onManualTextChange={(text) => form.setFieldValue('manualText', text)}
        importer={
          <ProductImport
            imported={list.imported}
            mapping={list.mapping}
            productList={list.importedList}
            onImported={list.onImported}
            onMappingChange={list.setMapping}
          />
        }
      />
      {list.storeExport && (
        <Switch
          label="Fill empty fields only"
          description={`${seoCopyNote(storeSeoCopyCount(list.imported))} Keep the SEO titles, meta descriptions, descriptions and alt texts the store already has; new copy goes only where a field is empty, and the exports carry the store's own text elsewhere. Switch it off to replace them.`}
          {...form.getInputProps('fillEmptyOnly', { type: 'checkbox' })}
        />
      )}
      {list.storeExport && hasPrices(list.imported) && (
        <TextInput
          label="Currency of the prices"
          description="The file has prices but names no currency: the ISO 4217 code (EUR, USD, GBP…) lets the structured data export show them as offers."
          placeholder="EUR"
          maxLength={3}
          {...form.getInputProps('currency')}
        />
      )}
    </>
  );
}

/** How the bundle runs: its workflow, its spending cap, and what the run is estimated to cost. */
function RunFields({ bundle }: { bundle: NewBundleForm }) {
  const { form, list, customFields } = bundle;
  const { workflowId } = form.values;
  const { productList } = list;
  const request =
    productList.raw_csv === '' || workflowId === null
      ? null
      : {
          workflow_id: workflowId,
          columns: productList.columns,
          raw_csv: productList.raw_csv,
          custom_fields: customFields,
        };
  return (
    <>
      <WorkflowSelect value={workflowId} onChange={bundle.setWorkflowId} />
      <LanguageField
        request={request}
        value={form.values.language}
        onChange={(language) => form.setFieldValue('language', language)}
      />
      <SpendingCapInput
        value={form.values.spendingCap}
        onChange={(value) => form.setFieldValue('spendingCap', value)}
        description="Optional. The run pauses when this bundle has cost this much; you can raise the cap to go on."
      />
      <CostEstimate request={request} />
    </>
  );
}
