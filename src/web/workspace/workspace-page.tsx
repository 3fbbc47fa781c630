// The Workspace page (/workspace): the workspace the app works in, its members and invitations, inviting
// someone and the settings (for owners), and its audit log.
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { describeError } from '../api/invoke';
import { queryKeys } from '../api/query-keys';
import { useFunctionQuery } from '../api/use-function-query';
import { authClient } from '../auth/auth-client';
import { PageHeading } from '../ui/page-heading';
import { usePageTitle } from '../ui/use-page-title';
import { AuditLogPanel } from './audit-log-panel';
import { InviteForm } from './invite-form';
import { MembersPanel } from './members-panel';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from './role-labels';
import { SettingsPanel } from './settings-panel';
import { useWorkspaces } from './use-workspaces';

export function WorkspacePage() {
  usePageTitle('Workspace');
  const { current, isLoading } = useWorkspaces();
  const session = authClient.useSession();
  const members = useFunctionQuery('list-members', {}, { queryKey: queryKeys.members() });
  const isOwner = current?.role === 'owner';
  return (
    <Stack maw={960}>
      <PageHeading>Workspace{current ? `: ${current.name}` : ''}</PageHeading>
      {isLoading && <Loader aria-label="Loading the workspace" />}
      {current && (
        <Text>
          Your role here is <strong>{ROLE_LABELS[current.role]}</strong>: {ROLE_DESCRIPTIONS[current.role]}.
        </Text>
      )}
      {members.error && (
        <Alert color="red" variant="light" role="alert" title="Could not load the members">
          {describeError(members.error.failure)}
        </Alert>
      )}
      {members.data && (
        <MembersPanel
          members={members.data.members}
          invites={members.data.invites}
          isOwner={isOwner}
          selfId={session.data?.user.id}
        />
      )}
      {isOwner && <InviteForm />}
      {current && <SettingsPanel workspace={current} />}
      <AuditLogPanel />
    </Stack>
  );
}
