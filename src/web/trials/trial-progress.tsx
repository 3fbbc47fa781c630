// A trial's progress: one bar per workflow, and a live region that tells a screen reader how far the trial has
// got as products are written, and once more when it is complete or paused.
import { Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { progressSentence, type TrialView } from './trial-figures';

export function TrialProgress({ trial }: { trial: TrialView }) {
  const isRunning = trial.status === 'running';
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="trial-progress-heading">
      <Stack gap="xs">
        <Title order={2} size="h3" id="trial-progress-heading">
          Progress
        </Title>
        <Text size="sm" role="status" aria-live="polite">
          {progressSentence(trial)}
        </Text>
        {trial.workflows.map((workflow) => {
          const settled = workflow.done + workflow.failed;
          const label = `${workflow.name}: ${workflow.done} of ${workflow.total} products written`;
          return (
            <Stack gap={2} key={workflow.workflow_id}>
              <Text size="sm">
                {workflow.name}: {workflow.done} of {workflow.total} written
                {workflow.failed > 0 ? `, ${workflow.failed} failed` : ''}
              </Text>
              <Progress
                value={workflow.total === 0 ? 100 : Math.round((settled / workflow.total) * 100)}
                aria-label={label}
                animated={isRunning && settled < workflow.total}
                striped={isRunning && settled < workflow.total}
              />
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
