// The winner: the user picks one of the trial's workflows, and "Start the run with <winner>" runs it on the
// whole bundle, its estimate starting from the trial's measures (new-bundle-workflow with trial_id). The pick
// itself is a reading aid for this screen and is not stored (decision 035).
import { Button, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import type { TrialView } from './trial-figures';

type PickWinnerProps = {
  trial: TrialView;
  /** Whether the bundle already has a run of this workflow: starting it then opens that run. */
  hasRun: (workflowId: number) => boolean;
};

export function PickWinner({ trial, hasRun }: PickWinnerProps) {
  const navigate = useNavigate();
  const [picked, setPicked] = useState<string | null>(null);
  const winner = trial.workflows.find((w) => String(w.workflow_id) === picked);
  const bundleId = trial.bundle_id;
  const start = useFunctionMutation('new-bundle-workflow', {
    errorTitle: 'Could not start the run',
    invalidates: (_data, request) => [
      queryKeys.bundleRun(bundleId, request.workflow_id),
      queryKeys.bundles(),
    ],
    onSuccess: (_data, request) => navigate(`/view-bundle/${bundleId}/${request.workflow_id}`),
  });
  const alreadyRun = winner !== undefined && hasRun(winner.workflow_id);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="trial-winner-heading">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="trial-winner-heading">
          Pick the winner
        </Title>
        <Radio.Group
          label="Winner"
          description={
            trial.status === 'running'
              ? 'The trial is still writing: its figures may change.'
              : 'The workflow to run on the whole bundle.'
          }
          value={picked}
          onChange={setPicked}
        >
          <Stack gap="xs" mt="xs">
            {trial.workflows.map((workflow) => (
              <Radio key={workflow.workflow_id} value={String(workflow.workflow_id)} label={workflow.name} />
            ))}
          </Stack>
        </Radio.Group>
        {alreadyRun && (
          <Text size="sm" c="dimmed">
            This bundle already has a run of {winner.name}: the button opens it.
          </Text>
        )}
        <Button
          disabled={!winner}
          loading={start.isPending}
          onClick={() =>
            winner &&
            start.mutate({ bundle_id: bundleId, workflow_id: winner.workflow_id, trial_id: trial.trial_id })
          }
        >
          {winner ? `${alreadyRun ? 'Open' : 'Start'} the run with ${winner.name}` : 'Start the run'}
        </Button>
      </Stack>
    </Paper>
  );
}
