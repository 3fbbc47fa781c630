// View bundle (SPEC §2, §4): a run's products as they are written, with review, export and delete.
import { Alert, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import type { StoreImportView } from '../../common/functions';
import { isRunComplete, useBundleRun } from '../api/bundle-run';
import { viewBundleErrorState } from '../api/error-messages';
import { InvokeFailure } from '../api/invoke-failure';
import { useBundleList, useWorkflowList } from '../api/list-queries';
import { CompressImagesSection } from '../images/compress-images-section';
import { bundleLabel } from '../lib/bundle-label';
import { SearchDataSection } from '../search/search-data-section';
import { ImportStatus, isImporting } from '../stores/import-status';
import { PushPanel } from '../stores/push-panel';
import { usePageTitle } from '../ui/use-page-title';
import { DeleteBundleButton } from './delete-bundle-button';
import { ExportMenu } from './export-menu';
import { storeMerchantScheme } from './merchant-export-form';
import { BundleNotFound } from './not-found';
import { parseIdParam } from './route-params';
import { RunHeader } from './run-header';
import { RunProducts } from './run-products';
import { SpendingCap } from './spending-cap';
import { StartRun } from './start-run';
import { WorkflowsRow } from './workflows-row';

/** An import still reading the store, or one that failed: the bundle has no products to show. */
const hasNoProductsYet = (storeImport: StoreImportView | undefined) =>
  isImporting(storeImport) || storeImport?.state === 'failed';

export function ViewBundlePage() {
  const params = useParams();
  const bundleId = parseIdParam(params.bundleId);
  const workflowId = parseIdParam(params.workflowId);
  if (bundleId === null || workflowId === null) return <BundleNotFound />;
  // A new key per run, so that open rows and form state never leak from one run into another.
  return <BundleRunView key={`${bundleId}/${workflowId}`} bundleId={bundleId} workflowId={workflowId} />;
}

function BundleRunView({ bundleId, workflowId }: { bundleId: number; workflowId: number }) {
  const run = useBundleRun(bundleId, workflowId);
  const bundles = useBundleList();
  const workflows = useWorkflowList();
  const summary = bundles.data?.find((bundle) => bundle.id === bundleId);
  const failure = run.error instanceof InvokeFailure ? run.error.failure : null;
  const errorState = !run.data && failure ? viewBundleErrorState(failure.type) : null;

  const bundleWorkflowId = run.data?.bundle_workflow_id ?? 0;
  // One object per run, so that the product rows' context does not change on every poll.
  const ids = useMemo(
    () => ({ bundleId, workflowId, bundleWorkflowId }),
    [bundleId, workflowId, bundleWorkflowId],
  );

  const storeScheme = useMemo(() => storeMerchantScheme(run.data?.products ?? []), [run.data?.products]);

  const name = run.data ? bundleLabel({ name: run.data.bundle_name }) : summary ? bundleLabel(summary) : '';
  usePageTitle(name || 'Bundle');

  if (errorState?.kind === 'unknown_bundle') return <BundleNotFound />;

  return (
    <Stack>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{name || 'Bundle'}</Title>
        <Group gap="xs">
          {run.data && (
            <PushPanel
              bundleWorkflowId={run.data.bundle_workflow_id}
              productNames={
                new Map(run.data.products.map((p) => [p.id, p.product_details.product_name ?? '']))
              }
            />
          )}
          <ExportMenu
            bundleWorkflowId={run.data?.bundle_workflow_id}
            productCount={run.data?.products.length ?? 0}
            approvedCount={run.data?.products.filter((p) => p.review_state === 'approved').length ?? 0}
            storeScheme={storeScheme}
          />
          {(run.data || summary) && (
            <DeleteBundleButton bundleId={bundleId} bundleName={name || 'This bundle'} />
          )}
        </Group>
      </Group>
      <WorkflowsRow
        bundleId={bundleId}
        selectedWorkflowId={workflowId}
        workflows={workflows.data ?? []}
        runs={summary?.workflows ?? []}
      />
      {run.isPending && !failure && (
        <Center py="xl">
          <Loader aria-label="Loading the bundle" />
        </Center>
      )}
      {errorState?.kind === 'not_created' && (
        <StartRun
          message={errorState.message}
          bundleId={bundleId}
          workflowId={workflowId}
          isAvailable={workflows.data?.find((workflow) => workflow.id === workflowId)?.is_available ?? true}
        />
      )}
      {errorState?.kind === 'unknown_workflow' && (
        <Alert color="blue" variant="light" role="status">
          {errorState.message}
        </Alert>
      )}
      {run.data?.store_import && <ImportStatus storeImport={run.data.store_import} />}
      {run.data && !hasNoProductsYet(run.data.store_import) && (
        <>
          <RunHeader
            run={ids}
            totals={run.data.totals}
            isComplete={isRunComplete(run.data)}
            batches={run.data.batches}
          />
          <SpendingCap
            bundleId={bundleId}
            workflowId={workflowId}
            cap={run.data.spending_cap_usd}
            pausedReason={run.data.paused_reason}
          />
          <RunProducts run={ids} products={run.data.products} />
          <CompressImagesSection run={ids} products={run.data.products} />
          <SearchDataSection bundleId={bundleId} />
        </>
      )}
    </Stack>
  );
}
