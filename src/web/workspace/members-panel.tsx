// The members of the workspace with their roles and budgets, and the invitations still open. An owner changes
// a member's role and budget and removes a member (after a confirmation); everyone else reads.
import { Badge, Button, Group, Modal, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { FunctionResponse } from '../../common/contract/functions';
import { WORKSPACE_ROLES, type WorkspaceRole } from '../../common/contract/functions';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import { MemberBudget } from './member-budget';
import { ROLE_LABELS } from './role-labels';

type Member = FunctionResponse<'list-members'>['members'][number];
type Invite = FunctionResponse<'list-members'>['invites'][number];

const ROLE_OPTIONS = WORKSPACE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const formatDate = (iso: string) => new Date(iso).toLocaleDateString();

type MembersPanelProps = {
  members: Member[];
  invites: Invite[];
  isOwner: boolean;
  /** The signed-in person: an owner changes everyone's role but their own here. */
  selfId: string | undefined;
};

export function MembersPanel({ members, invites, isOwner, selfId }: MembersPanelProps) {
  const [removing, setRemoving] = useState<Member | null>(null);
  return (
    <Paper withBorder p="lg">
      <Stack>
        <Title order={2} size="h3">
          Members
        </Title>
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label="Members">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Monthly budget</Table.Th>
                <Table.Th>Joined</Table.Th>
                {isOwner && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((member) => (
                <MemberRow
                  key={member.user_id}
                  member={member}
                  isOwner={isOwner}
                  canChange={isOwner && member.user_id !== selfId}
                  onRemove={() => setRemoving(member)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PendingInvites invites={invites} />
      </Stack>
      <RemoveMemberModal member={removing} onClose={() => setRemoving(null)} />
    </Paper>
  );
}

type MemberRowProps = { member: Member; isOwner: boolean; canChange: boolean; onRemove: () => void };

function MemberRow({ member, isOwner, canChange, onRemove }: MemberRowProps) {
  const setMember = useFunctionMutation('set-member', {
    errorTitle: 'Could not change the role',
    invalidates: [queryKeys.members(), queryKeys.auditEvents()],
  });
  return (
    <Table.Tr>
      <Table.Td>{member.name}</Table.Td>
      <Table.Td>{member.email}</Table.Td>
      <Table.Td>
        {canChange ? (
          <Select
            size="xs"
            w={140}
            aria-label={`Role of ${member.name}`}
            data={ROLE_OPTIONS}
            value={member.role}
            allowDeselect={false}
            disabled={setMember.isPending}
            onChange={(role) =>
              role && setMember.mutate({ user_id: member.user_id, role: role as WorkspaceRole })
            }
          />
        ) : (
          <Badge variant="light">{ROLE_LABELS[member.role]}</Badge>
        )}
      </Table.Td>
      <Table.Td>
        <MemberBudget member={member} canEdit={isOwner} />
      </Table.Td>
      <Table.Td>{formatDate(member.joined_at)}</Table.Td>
      {isOwner && (
        <Table.Td>
          {canChange && (
            <Button
              size="xs"
              color="red"
              variant="light"
              aria-label={`Remove ${member.name}`}
              onClick={onRemove}
            >
              Remove
            </Button>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function PendingInvites({ invites }: { invites: Invite[] }) {
  if (invites.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No invitations waiting.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Invitations waiting
      </Title>
      <Table aria-label="Invitations waiting">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Good until</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invites.map((invite) => (
            <Table.Tr key={invite.invite_id}>
              <Table.Td>{invite.email}</Table.Td>
              <Table.Td>{ROLE_LABELS[invite.role]}</Table.Td>
              <Table.Td>{formatDate(invite.expires_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function RemoveMemberModal({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const remove = useFunctionMutation('remove-member', {
    errorTitle: 'Could not remove the member',
    onSuccess: onClose,
    invalidates: [queryKeys.members(), queryKeys.auditEvents(), queryKeys.workspaces()],
  });
  return (
    <Modal opened={member !== null} onClose={onClose} title="Remove this member?" centered>
      <Text size="sm">
        {member?.name} ({member?.email}) loses access to this workspace at once, and their API keys for it
        stop working. Nothing they made is deleted.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          color="red"
          loading={remove.isPending}
          onClick={() => member && remove.mutate({ user_id: member.user_id })}
        >
          Remove
        </Button>
      </Group>
    </Modal>
  );
}
