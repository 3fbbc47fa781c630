// The bundle's earlier trials on the Compare workflows screen, newest first, each a link to its side-by-side
// view: a trial is found again from its bundle, not only from the address of the screen that started it.
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { FunctionResponse } from '../../common/contract/functions';
import { queryKeys } from '../api/query-keys';
import { useFunctionQuery } from '../api/use-function-query';
import { formatDate } from '../lib/format-cost';

type EarlierTrial = FunctionResponse<'list-trials'>['trials'][number];

export function EarlierTrials({ bundleId }: { bundleId: number }) {
  const trials = useFunctionQuery(
    'list-trials',
    { bundle_id: bundleId },
    { queryKey: queryKeys.trials(bundleId) },
  );
  const list = trials.data?.trials ?? [];
  if (list.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="earlier-trials-heading" gap="xs">
      <Title order={2} size="h3" id="earlier-trials-heading">
        Earlier trials of this bundle
      </Title>
      <List spacing="xs">
        {list.map((trial) => (
          <List.Item key={trial.trial_id}>
            <Anchor component={Link} to={`/trial/${trial.trial_id}`}>
              {trialLabel(trial)}
            </Anchor>
            <Text span size="sm" c="dimmed">
              {' '}
              {trial.completed_at ? `complete, ${trial.sample_size} products` : 'still writing'}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

export function trialLabel(trial: EarlierTrial): string {
  const names = trial.workflows.map((workflow) => workflow.name).join(', ');
  return `${formatDate(trial.created_at)}: ${names}`;
}
