// A bundle's spending cap: shown with the run, with the pause message when the cap stopped it.
import { Alert, Button, Group, NumberInput, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatCost } from '../lib/format-cost';
import { describeError, invoke } from '../lib/invoke';

/** The cap in US dollars, as typed; an empty field means no cap. */
export function SpendingCapInput({
  value,
  onChange,
  description,
}: {
  value: number | string;
  onChange: (value: number | string) => void;
  description: string;
}) {
  return (
    <NumberInput
      label="Spending cap (USD)"
      description={description}
      placeholder="No cap"
      value={value}
      onChange={onChange}
      min={0.01}
      decimalScale={4}
      prefix="$"
      maw={260}
    />
  );
}

type SpendingCapProps = {
  bundleId: number;
  cap: number | null;
  pausedReason: string | null;
  onChanged: () => Promise<void>;
};

export function SpendingCap({ bundleId, cap, pausedReason, onChanged }: SpendingCapProps) {
  const [isEditing, setIsEditing] = useState(false);
  const [draft, setDraft] = useState<number | string>(cap ?? '');
  const [isSaving, setIsSaving] = useState(false);

  const save = async (value: number | null) => {
    setIsSaving(true);
    const result = await invoke('set-spending-cap', { bundle_id: bundleId, spending_cap_usd: value });
    setIsSaving(false);
    if (result.error) {
      notifications.show({
        color: 'red',
        title: 'Could not change the cap',
        message: describeError(result.error),
      });
      return;
    }
    setIsEditing(false);
    if (result.data.resumed > 0) notifications.show({ color: 'teal', message: 'The run is going again.' });
    await onChanged();
  };

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
