// The run header: progress (done of total), cost so far, the failed count and "Retry all failed"; for a batch
// workflow, each Batch API batch's state, counts and when it was submitted; while the run is going, what the whole
// run is expected to cost.
import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { RunTotals } from '../../common/contract/entities';
import type { FunctionResponse, RunEstimate } from '../../common/contract/functions';
import { type RunIds, useRegenerateProducts } from '../api/use-regenerate-products';
import { formatCost } from '../lib/format-cost';
import { RunEstimateLine } from './run-estimate';

type RunBatch = NonNullable<FunctionResponse<'view-bundle-workflow'>['batches']>[number];
type RunHeaderProps = {
  run: RunIds;
  totals: RunTotals;
  isComplete: boolean;
  batches?: RunBatch[];
  estimate?: RunEstimate;
};

export function RunHeader({ run, totals, isComplete, batches, estimate }: RunHeaderProps) {
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
              Cost so far:{' '}
              <strong>
                {totals.cost_unknown
                  ? totals.cost > 0
                    ? `${formatCost(totals.cost)} + unknown`
                    : 'unknown (no price for this model)'
                  : formatCost(totals.cost)}
              </strong>
              {(totals.reserved_cost ?? 0) > 0 && (
                <> (incl. {formatCost(totals.reserved_cost!)} reserved for calls not yet settled)</>
              )}
            </Text>
            <Text size="sm" c="dimmed">
              {(totals.prompt_tokens + totals.completion_tokens).toLocaleString('en-US')} tokens
              {totals.cached_tokens ? ` (${totals.cached_tokens.toLocaleString('en-US')} cached)` : ''}
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
        {estimate && !isComplete && <RunEstimateLine estimate={estimate} />}
        {batches?.map((batch) => (
          <BatchStatus key={batch.id} batch={batch} />
        ))}
      </Stack>
    </Paper>
  );
}

const BATCH_STATES: Record<string, { label: string; color: string }> = {
  preparing: { label: 'Preparing', color: 'gray' },
  submitting: { label: 'Submitting', color: 'gray' },
  validating: { label: 'Validating', color: 'blue' },
  in_progress: { label: 'In progress', color: 'blue' },
  finalizing: { label: 'Finalizing', color: 'blue' },
  completed: { label: 'Completed', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  expired: { label: 'Expired', color: 'orange' },
  cancelling: { label: 'Cancelling', color: 'orange' },
  cancelled: { label: 'Cancelled', color: 'orange' },
};

/** One batch: "Batch (half price) · In progress · 12 of 20 answered, 0 failed · submitted 24 Nov, 19:02". */
export function BatchStatus({ batch }: { batch: RunBatch }) {
  const state = BATCH_STATES[batch.state] ?? { label: batch.state, color: 'gray' };
  const submitted = batch.submitted_at
    ? new Date(batch.submitted_at).toLocaleString(undefined, {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      })
    : null;
  return (
    <Group gap="sm" wrap="wrap" aria-label={`Batch ${batch.id}: ${state.label}`}>
      <Text size="sm" fw={500}>
        {batch.purpose === 'repair' ? 'Repair batch' : 'Batch'} (half price)
      </Text>
      <Badge color={state.color} variant="light">
        {state.label}
      </Badge>
      <Text size="sm" c="dimmed">
        {batch.completed_count} of {batch.request_count} answered, {batch.failed_count} failed
      </Text>
      <Text size="sm" c="dimmed">
        {submitted ? `submitted ${submitted}` : 'not submitted yet'}
      </Text>
      {batch.error && (
        <Text size="sm" c="red">
          {batch.error}
        </Text>
      )}
    </Group>
  );
}
