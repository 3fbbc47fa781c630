// An owner invites someone by email with a role: the server mails them a link to /invite.
import { Alert, Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { WORKSPACE_LIMITS, WORKSPACE_ROLES, type WorkspaceRole } from '../../common/contract/functions';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from './role-labels';

const ROLE_OPTIONS = WORKSPACE_ROLES.map((role) => ({
  value: role,
  label: `${ROLE_LABELS[role]}: ${ROLE_DESCRIPTIONS[role]}`,
}));

export function InviteForm() {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('editor');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invite = useFunctionMutation('invite-member', {
    errorTitle: 'Could not send the invitation',
    onSuccess: (data) => {
      setSentTo(data.invite.email);
      setEmail('');
    },
    invalidates: [queryKeys.members(), queryKeys.auditEvents()],
  });
  return (
    <Paper withBorder p="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSentTo(null);
          invite.mutate({ email, role });
        }}
      >
        <Stack>
          <Title order={2} size="h3">
            Invite someone
          </Title>
          {sentTo && (
            <Alert color="teal" variant="light" role="status">
              We emailed an invitation to {sentTo}. The link works once, for {WORKSPACE_LIMITS.inviteDays}{' '}
              days.
            </Alert>
          )}
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Email address"
              type="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              required
              w={280}
            />
            <Select
              label="Role"
              data={ROLE_OPTIONS}
              value={role}
              allowDeselect={false}
              onChange={(value) => value && setRole(value as WorkspaceRole)}
              w={420}
            />
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
