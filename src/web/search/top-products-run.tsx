// Write copy for the N products with the most missed clicks: a new run of the chosen workflow over just
// those products (new-bundle-workflow only_top), or, for a workflow that already ran on the bundle, those
// products of its run written again (regenerate-products only_top).
import { Button, Group, NumberInput, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useBundleList, useWorkflowList } from '../api/list-queries';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';

export function TopProductsRun({ bundleId, rankedCount }: { bundleId: number; rankedCount: number }) {
  const navigate = useNavigate();
  const workflows = useWorkflowList();
  const bundles = useBundleList();
  const [topN, setTopN] = useState<number>(Math.min(10, Math.max(1, rankedCount)));
  const [workflowId, setWorkflowId] = useState<string | null>(null);
  const available = (workflows.data ?? []).filter((w) => w.is_available);
  const runs = bundles.data?.find((b) => b.id === bundleId)?.workflows ?? [];
  const existingRun = runs.find((run) => String(run.workflow_id) === workflowId);
  const start = useFunctionMutation('new-bundle-workflow', {
    errorTitle: 'Could not start the run',
    invalidates: [queryKeys.bundles()],
    onSuccess: (_data, request) => navigate(`/view-bundle/${bundleId}/${request.workflow_id}`),
  });
  const regenerate = useFunctionMutation('regenerate-products', {
    errorTitle: 'Could not regenerate',
    onSuccess: () => navigate(`/view-bundle/${bundleId}/${workflowId}`),
  });

  function onStart() {
    if (!workflowId) return;
    if (existingRun) {
      regenerate.mutate({ bundle_workflow_id: existingRun.bundle_workflow_id, only_top: topN });
    } else {
      start.mutate({ bundle_id: bundleId, workflow_id: Number(workflowId), only_top: topN });
    }
  }

  return (
    <Group align="flex-end" wrap="wrap">
      <NumberInput
        label="Top products by missed clicks"
        min={1}
        max={Math.max(1, rankedCount)}
        value={topN}
        onChange={(value) => setTopN(typeof value === 'number' ? value : 1)}
        w={220}
      />
      <Select
        label="Workflow for the top products"
        placeholder="Choose a workflow"
        data={available.map((w) => ({ value: String(w.id), label: w.name }))}
        value={workflowId}
        onChange={setWorkflowId}
        w={280}
      />
      <Button
        onClick={onStart}
        disabled={!workflowId || rankedCount === 0}
        loading={start.isPending || regenerate.isPending}
      >
        Write copy for the top {topN}
      </Button>
      {existingRun && (
        <Text size="xs" c="dimmed">
          This workflow already ran on the bundle: its top {topN} products are written again.
        </Text>
      )}
    </Group>
  );
}
