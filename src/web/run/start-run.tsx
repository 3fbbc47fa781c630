// SPEC §4 not_created: the workflow has not run for this bundle yet; Start runs it, after a cost preview.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import { CostEstimate } from '../ui/cost-estimate';

type StartRunProps = { message: string; bundleId: number; workflowId: number; isAvailable: boolean };

export function StartRun({ message, bundleId, workflowId, isAvailable }: StartRunProps) {
  const start = useFunctionMutation('new-bundle-workflow', {
    errorTitle: 'Could not start the workflow',
    invalidates: [queryKeys.bundleRun(bundleId, workflowId), queryKeys.bundles()],
  });
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
        <Button
          onClick={() => start.mutate({ bundle_id: bundleId, workflow_id: workflowId })}
          loading={start.isPending}
          disabled={!isAvailable}
        >
          Start
        </Button>
      </Stack>
    </Alert>
  );
}
