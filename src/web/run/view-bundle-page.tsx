// View bundle (SPEC §2, §4): a run's products as they are written, with review, export and delete.
import { Alert, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import type { StoreImportView } from '../../common/contract/functions';
import { isRunComplete, useBundleRun } from '../api/bundle-run';
import { viewBundleErrorState } from '../api/error-messages';
import { InvokeFailure } from '../api/invoke-failure';
import { useBundleList, useWorkflowList } from '../api/list-queries';
import { CompressImagesSection } from '../images/compress-images-section';
import { bundleLabel } from '../lib/bundle-label';
import { parseIdParam } from '../lib/route-params';
import { SearchDataSection } from '../search/search-data-section';
import { ImportStatus, isImporting } from '../stores/import-status';
import { PushPanel } from '../stores/push-panel';
import { PageHeading } from '../ui/page-heading';
import { usePageTitle } from '../ui/use-page-title';
import { DeleteBundleButton } from './delete-bundle-button';
import { ExportMenu } from './export-menu';
import { storeMerchantScheme } from './merchant-export-form';
import { BundleNotFound } from './not-found';
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

/** The run and the lists around it (the user's bundles and workflows), and what the page makes of them. */
function useBundleRunView(bundleId: number, workflowId: number) {
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
  return { run, summary, workflows: workflows.data, failure, errorState, ids, storeScheme, name };
}

type RunView = ReturnType<typeof useBundleRunView>;

function BundleRunView({ bundleId, workflowId }: { bundleId: number; workflowId: number }) {
  const view = useBundleRunView(bundleId, workflowId);
  const { run, summary, workflows, failure, errorState } = view;
  usePageTitle(view.name || 'Bundle');
  if (errorState?.kind === 'unknown_bundle') return <BundleNotFound />;
  return (
    <Stack>
      <BundleHeading view={view} bundleId={bundleId} />
      <WorkflowsRow
        bundleId={bundleId}
        selectedWorkflowId={workflowId}
        workflows={workflows ?? []}
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
          isAvailable={workflows?.find((workflow) => workflow.id === workflowId)?.is_available ?? true}
        />
      )}
      {errorState?.kind === 'unknown_workflow' && (
        <Alert color="blue" variant="light" role="status">
          {errorState.message}
        </Alert>
      )}
      {run.data?.store_import && <ImportStatus storeImport={run.data.store_import} />}
      {run.data && !hasNoProductsYet(run.data.store_import) && (
        <RunSections
          run={run.data}
          ids={view.ids}
          mainLanguage={
            workflows?.find((workflow) => workflow.id === workflowId)?.languages[0] ??
            run.data.language?.language ??
            null
          }
        />
      )}
    </Stack>
  );
}

/** The bundle's name, with pushing, exporting and deleting it. */
function BundleHeading({ view, bundleId }: { view: RunView; bundleId: number }) {
  const { name, summary } = view;
  const data = view.run.data;
  return (
    <Group justify="space-between" align="center" wrap="wrap">
      <PageHeading>{name || 'Bundle'}</PageHeading>
      <Group gap="xs">
        {data && (
          <PushPanel
            bundleWorkflowId={data.bundle_workflow_id}
            productNames={new Map(data.products.map((p) => [p.id, p.product_details.product_name ?? '']))}
          />
        )}
        <ExportMenu
          bundleWorkflowId={data?.bundle_workflow_id}
          productCount={data?.products.length ?? 0}
          approvedCount={data?.products.filter((p) => p.review_state === 'approved').length ?? 0}
          storeScheme={view.storeScheme}
        />
        {(data || summary) && (
          <Button component={Link} to={`/new-trial/${bundleId}`} variant="default">
            Compare workflows
          </Button>
        )}
        {(data || summary) && <DeleteBundleButton bundleId={bundleId} bundleName={name || 'This bundle'} />}
      </Group>
    </Group>
  );
}

/** A run with products: its progress, spending cap, products, images and search data. */
function RunSections({
  run,
  ids,
  mainLanguage,
}: {
  run: NonNullable<RunView['run']['data']>;
  ids: RunView['ids'];
  mainLanguage: string | null;
}) {
  return (
    <>
      <RunHeader
        run={ids}
        totals={run.totals}
        isComplete={isRunComplete(run)}
        batches={run.batches}
        estimate={run.estimate}
      />
      <SpendingCap
        bundleId={ids.bundleId}
        workflowId={ids.workflowId}
        cap={run.spending_cap_usd}
        pausedReason={run.paused_reason}
      />
      <RunProducts run={ids} products={run.products} mainLanguage={mainLanguage} />
      <CompressImagesSection run={ids} products={run.products} />
      <SearchDataSection bundleId={ids.bundleId} />
    </>
  );
}
