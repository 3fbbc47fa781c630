// A bundle's spending cap: shown with the run, with the pause message when the cap stopped it.
import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import { formatCost } from '../lib/format-cost';
import { SpendingCapInput } from '../ui/spending-cap-input';

type SpendingCapProps = {
  bundleId: number;
  workflowId: number;
  cap: number | null;
  pausedReason: string | null;
};

export function SpendingCap({ bundleId, workflowId, cap, pausedReason }: SpendingCapProps) {
  const [isEditing, setIsEditing] = useState(false);
  const [draft, setDraft] = useState<number | string>(cap ?? '');
  const setCap = useFunctionMutation('set-spending-cap', {
    errorTitle: 'Could not change the cap',
    onSuccess: (data) => {
      setIsEditing(false);
      if (data.resumed > 0) notifications.show({ color: 'teal', message: 'The run is going again.' });
    },
    invalidates: [queryKeys.bundleRun(bundleId, workflowId)],
  });
  const isSaving = setCap.isPending;
  const save = (value: number | null) => setCap.mutate({ bundle_id: bundleId, spending_cap_usd: value });

  const editor = (
    <Group gap="xs" align="flex-end">
      <SpendingCapInput
        value={draft}
        onChange={setDraft}
        description="Runs of this bundle pause when it has cost this much."
      />
      <Button
        size="xs"
        loading={isSaving}
        disabled={typeof draft !== 'number'}
        onClick={() => save(Number(draft))}
      >
        Save cap
      </Button>
      {cap !== null && (
        <Button size="xs" variant="default" loading={isSaving} onClick={() => save(null)}>
          Remove cap
        </Button>
      )}
    </Group>
  );

  return (
    <>
      {pausedReason && (
        <Alert color="orange" variant="light" title="Run paused" role="alert">
          <Text size="sm" mb="xs">
            {pausedReason}
          </Text>
          {editor}
        </Alert>
      )}
      {!pausedReason && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Spending cap: {cap === null ? 'none' : formatCost(cap)}
          </Text>
          {!isEditing && (
            <Button size="compact-xs" variant="subtle" onClick={() => setIsEditing(true)}>
              {cap === null ? 'Set a cap' : 'Change'}
            </Button>
          )}
          {isEditing && editor}
        </Group>
      )}
    </>
  );
}
