// The workspace switcher at the top of the navigation: the person's workspaces with their role in each, and
// "New workspace". Switching empties the cache and goes home (use-workspaces.ts).
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { WORKSPACE_LIMITS } from '../../common/contract/functions';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import { workspaceLabel } from './role-labels';
import { useLeaveGoneWorkspace, useSwitchWorkspace, useWorkspaces } from './use-workspaces';

export function WorkspaceSwitcher() {
  const { workspaces, current, isGone } = useWorkspaces();
  useLeaveGoneWorkspace(isGone);
  const switchTo = useSwitchWorkspace();
  const [opened, { open, close }] = useDisclosure(false);
  const options = workspaces.map((workspace) => ({
    value: workspace.workspace_id,
    label: workspaceLabel(workspace),
  }));
  return (
    <Stack gap={4}>
      <Select
        label="Workspace"
        size="xs"
        data={options}
        value={current?.workspace_id ?? null}
        allowDeselect={false}
        checkIconPosition="right"
        comboboxProps={{ withinPortal: true }}
        onChange={(id) => {
          const picked = workspaces.find((workspace) => workspace.workspace_id === id);
          if (picked && picked.workspace_id !== current?.workspace_id) switchTo(picked);
        }}
      />
      <Button size="compact-xs" variant="subtle" onClick={open} w="fit-content">
        New workspace
      </Button>
      <NewWorkspaceModal opened={opened} onClose={close} />
    </Stack>
  );
}

function NewWorkspaceModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const switchTo = useSwitchWorkspace();
  const create = useFunctionMutation('new-workspace', {
    errorTitle: 'Could not make the workspace',
    invalidates: [queryKeys.workspaces()],
  });
  const submit = () =>
    create.mutate(
      { name },
      {
        onSuccess: ({ workspace }) => {
          onClose();
          setName('');
          switchTo(workspace, '/workspace');
        },
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title="New workspace" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Workspace name"
            description="One per client, for example. You are its owner and can invite others."
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={WORKSPACE_LIMITS.maxNameLength}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Make workspace
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
