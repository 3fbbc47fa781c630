// View bundle (SPEC §2, §4): a run's products as they are written, with review, export and delete.
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import type { BundleWorkflowProduct } from '../../common/entities';
import { CompressImagesSection } from '../components/compress-images-section';
import { CostEstimate } from '../components/cost-estimate';
import { DeleteBundleButton } from '../components/delete-bundle-button';
import { ExportMenu } from '../components/export-menu';
import { ProductsTable } from '../components/products-table';
import { RunHeader } from '../components/run-header';
import { SpendingCap } from '../components/spending-cap';
import { WorkflowsRow } from '../components/workflows-row';
import {
  bundleRunKey,
  InvokeFailure,
  isRunComplete,
  replaceCachedProduct,
  useBundleRun,
} from '../lib/bundle-run';
import { viewBundleErrorState } from '../lib/error-messages';
import { describeError, invoke } from '../lib/invoke';
import { bundleListKey, useBundleList, useWorkflowList } from '../lib/queries';
import { bundleLabel } from '../shell/navigation';
import { BundleNotFound } from './not-found';
import { parseIdParam } from './route-params';

export function ViewBundlePage() {
  const params = useParams();
  const bundleId = parseIdParam(params.bundleId);
  const workflowId = parseIdParam(params.workflowId);
  if (bundleId === null || workflowId === null) return <BundleNotFound />;
  // A new key per run, so that open rows and form state never leak from one run into another.
  return <BundleRunView key={`${bundleId}/${workflowId}`} bundleId={bundleId} workflowId={workflowId} />;
}

function BundleRunView({ bundleId, workflowId }: { bundleId: number; workflowId: number }) {
  const queryClient = useQueryClient();
  const run = useBundleRun(bundleId, workflowId);
  const bundles = useBundleList();
  const workflows = useWorkflowList();
  const summary = bundles.data?.find((bundle) => bundle.id === bundleId);
  const failure = run.error instanceof InvokeFailure ? run.error.failure : null;
  const errorState = !run.data && failure ? viewBundleErrorState(failure.type) : null;

  const refreshRun = useCallback(
    () => queryClient.invalidateQueries({ queryKey: bundleRunKey(bundleId, workflowId) }),
    [queryClient, bundleId, workflowId],
  );

  const bundleWorkflowId = run.data?.bundle_workflow_id ?? 0;
  const regenerate = useCallback(
    async (ids?: number[]) => {
      const result = await invoke('regenerate-products', {
        bundle_workflow_id: bundleWorkflowId,
        bundle_workflow_product_ids: ids,
      });
      if (result.error) {
        notifications.show({
          color: 'red',
          title: 'Could not queue the products',
          message: describeError(result.error),
        });
        return;
      }
      await refreshRun();
    },
    [bundleWorkflowId, refreshRun],
  );
  const regenerateOne = useCallback((productId: number) => regenerate([productId]), [regenerate]);
  const saved = useCallback(
    (product: BundleWorkflowProduct) => replaceCachedProduct(queryClient, bundleId, workflowId, product),
    [queryClient, bundleId, workflowId],
  );

  if (errorState?.kind === 'unknown_bundle') return <BundleNotFound />;

  const name = run.data ? bundleLabel({ name: run.data.bundle_name }) : summary ? bundleLabel(summary) : '';
  return (
    <Stack>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{name || 'Bundle'}</Title>
        <Group gap="xs">
          <ExportMenu products={run.data?.products} />
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
          onStarted={refreshRun}
        />
      )}
      {errorState?.kind === 'unknown_workflow' && (
        <Alert color="blue" variant="light" role="status">
          {errorState.message}
        </Alert>
      )}
      {run.data && (
        <>
          <RunHeader
            totals={run.data.totals}
            isComplete={isRunComplete(run.data)}
            onRetryFailed={() => regenerate(undefined)}
          />
          <SpendingCap
            bundleId={bundleId}
            cap={run.data.spending_cap_usd}
            pausedReason={run.data.paused_reason}
            onChanged={refreshRun}
          />
          <ProductsTable
            products={run.data.products}
            bundleId={bundleId}
            workflowId={workflowId}
            bundleWorkflowId={run.data.bundle_workflow_id}
            regenerate={regenerateOne}
            saved={saved}
          />
          <CompressImagesSection
            products={run.data.products}
            bundleWorkflowId={run.data.bundle_workflow_id}
            onRequested={refreshRun}
          />
        </>
      )}
    </Stack>
  );
}

type StartRunProps = {
  message: string;
  bundleId: number;
  workflowId: number;
  isAvailable: boolean;
  onStarted: () => Promise<void>;
};

/** SPEC §4 not_created: the workflow has not run for this bundle yet; Start runs it. */
function StartRun({ message, bundleId, workflowId, isAvailable, onStarted }: StartRunProps) {
  const queryClient = useQueryClient();
  const [isStarting, setIsStarting] = useState(false);
  const start = async () => {
    setIsStarting(true);
    const result = await invoke('new-bundle-workflow', { bundle_id: bundleId, workflow_id: workflowId });
    if (result.error) {
      setIsStarting(false);
      notifications.show({
        color: 'red',
        title: 'Could not start the workflow',
        message: describeError(result.error),
      });
      return;
    }
    await Promise.all([onStarted(), queryClient.invalidateQueries({ queryKey: bundleListKey })]);
    setIsStarting(false);
  };
  return (
    <Alert color="blue" variant="light">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <CostEstimate request={{ bundle_id: bundleId, workflow_id: workflowId }} />
        {!isAvailable && (
          <Text size="sm" c="dimmed">
            This AI workflow needs OPENAI_API_KEY on the server.
          </Text>
        )}
        <Button onClick={start} loading={isStarting} disabled={!isAvailable}>
          Start
        </Button>
      </Stack>
    </Alert>
  );
}
