// The run header: progress (done of total), cost so far, the failed count and "Retry all failed".
import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { RunTotals } from '../../common/entities';
import { formatCost } from '../lib/format-cost';
import { type RunIds, useRegenerateProducts } from './use-regenerate-products';

type RunHeaderProps = { run: RunIds; totals: RunTotals; isComplete: boolean };

export function RunHeader({ run, totals, isComplete }: RunHeaderProps) {
  const retryFailed = useRegenerateProducts(run);
  const percent = totals.total === 0 ? 100 : Math.round((totals.done / totals.total) * 100);
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="lg">
            <Text fw={600}>
              {totals.done} of {totals.total} done
            </Text>
            <Text size="sm" c="dimmed">
              Cost so far: <strong>{formatCost(totals.cost)}</strong>
            </Text>
            <Text size="sm" c="dimmed">
              {(totals.prompt_tokens + totals.completion_tokens).toLocaleString('en-US')} tokens
            </Text>
            <Badge color={totals.failed > 0 ? 'red' : 'gray'} variant="light">
              {totals.failed} failed
            </Badge>
            {isComplete && (
              <Badge color="teal" variant="light">
                Complete
              </Badge>
            )}
          </Group>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => retryFailed.regenerate()}
            loading={retryFailed.isPending}
            disabled={totals.failed === 0}
          >
            Retry all failed
          </Button>
        </Group>
        <Progress
          value={percent}
          aria-label={`${totals.done} of ${totals.total} products done`}
          animated={!isComplete}
          striped={!isComplete}
        />
      </Stack>
    </Paper>
  );
}
