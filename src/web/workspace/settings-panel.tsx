// The workspace's settings: its name, whether copy needs a reviewer other than its last editor, and its own
// monthly budget. An owner changes them; every other member reads them.
import { Button, Group, NumberInput, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { WORKSPACE_LIMITS, type Workspace } from '../../common/contract/functions';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';

export const OTHER_REVIEWER_LABEL = 'Require approval by a reviewer other than the last editor';

export function SettingsPanel({ workspace }: { workspace: Workspace }) {
  return (
    <Paper withBorder p="lg">
      <Stack>
        <Title order={2} size="h3">
          Settings
        </Title>
        {workspace.role === 'owner' ? (
          <SettingsForm workspace={workspace} />
        ) : (
          <SettingsSummary workspace={workspace} />
        )}
      </Stack>
    </Paper>
  );
}

function SettingsSummary({ workspace }: { workspace: Workspace }) {
  return (
    <Stack gap={4}>
      <Text size="sm">
        {workspace.require_other_reviewer
          ? 'Copy is approved only by a reviewer other than the person who last edited it.'
          : 'Any reviewer may approve copy, including its last editor.'}
      </Text>
      <Text size="sm">
        Monthly budget:{' '}
        {workspace.monthly_budget_usd === null ? 'none of its own' : `$${workspace.monthly_budget_usd}`}
      </Text>
      <Text size="sm" c="dimmed">
        Only an owner changes these.
      </Text>
    </Stack>
  );
}

function SettingsForm({ workspace }: { workspace: Workspace }) {
  const [name, setName] = useState(workspace.name);
  const [otherReviewer, setOtherReviewer] = useState(workspace.require_other_reviewer);
  const [budget, setBudget] = useState<number | string>(workspace.monthly_budget_usd ?? '');
  const save = useFunctionMutation('set-workspace-settings', {
    errorTitle: 'Could not save the settings',
    invalidates: [queryKeys.workspaces(), queryKeys.auditEvents()],
  });
  const submit = () =>
    save.mutate({
      name,
      require_other_reviewer: otherReviewer,
      monthly_budget_usd: typeof budget === 'number' ? budget : null,
    });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Workspace name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={WORKSPACE_LIMITS.maxNameLength}
          required
          w={320}
        />
        <Switch
          label={OTHER_REVIEWER_LABEL}
          description="The person who edited a field cannot approve it; another reviewer or owner can."
          checked={otherReviewer}
          onChange={(event) => setOtherReviewer(event.currentTarget.checked)}
        />
        <NumberInput
          label="Monthly budget (USD)"
          description="What this workspace may spend on the server's AI key each month; empty for no budget of its own."
          min={0.01}
          max={1_000_000}
          decimalScale={2}
          value={budget}
          onChange={setBudget}
          maw={420}
        />
        <Group>
          <Button type="submit" loading={save.isPending} w="fit-content">
            Save settings
          </Button>
          <Text size="sm" role="status">
            {save.isSuccess ? 'Saved.' : ''}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
