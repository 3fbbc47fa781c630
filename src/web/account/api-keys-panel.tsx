// API keys on the Account page: create one (the key is shown this once), see them, revoke one.
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '../../common/contract/functions/api-keys';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import { useFunctionQuery } from '../api/use-function-query';

const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'read: list, view and export',
  write: 'write: bundles, workflows, copy, review, webhooks',
  run: 'run: start, regenerate, compress',
  push: 'push: store pushes',
};

const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** The user's keys, the new key's fields, the key just created (shown once), and revoking one. */
function useApiKeys() {
  const keys = useFunctionQuery('list-api-keys', {}, { queryKey: queryKeys.apiKeys() });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [days, setDays] = useState<number | string>('');
  const [shownKey, setShownKey] = useState<string | null>(null);
  const create = useFunctionMutation('create-api-key', {
    errorTitle: 'Could not create the API key',
    onSuccess: (data) => {
      setShownKey(data.key);
      setName('');
    },
    invalidates: [queryKeys.apiKeys()],
  });
  const revoke = useFunctionMutation('revoke-api-key', {
    errorTitle: 'Could not revoke the API key',
    invalidates: [queryKeys.apiKeys()],
  });
  const submit = () =>
    create.mutate({ name, scopes, ...(typeof days === 'number' ? { expires_in_days: days } : {}) });
  const draft = { name, setName, scopes, setScopes, days, setDays, submit, isCreating: create.isPending };
  return { keys: keys.data?.api_keys ?? [], draft, shownKey, hideKey: () => setShownKey(null), revoke };
}

type ApiKeysState = ReturnType<typeof useApiKeys>;

export function ApiKeysPanel() {
  const { keys, draft, shownKey, hideKey, revoke } = useApiKeys();
  return (
    <Paper withBorder p="lg">
      <Stack>
        <Title order={3}>API keys</Title>
        <Text size="sm">
          For your own tools and scripts: send a key as <Code>Authorization: Bearer cl_…</Code> to the
          functions described in the <a href="/api/docs">API reference</a>. A key cannot manage keys,
          sessions, your password or two-factor sign-in.
        </Text>
        {shownKey && <NewKeyAlert shownKey={shownKey} onDone={hideKey} />}
        <CreateKeyForm draft={draft} />
        {keys.length > 0 && <ApiKeysTable keys={keys} revoke={revoke} />}
      </Stack>
    </Paper>
  );
}

function NewKeyAlert({ shownKey, onDone }: { shownKey: string; onDone: () => void }) {
  return (
    <Alert color="teal" variant="light" title="Your new API key" data-testid="new-api-key">
      <Stack gap="xs">
        <Text size="sm">Copy it now: it is not shown again.</Text>
        <Code block>{shownKey}</Code>
        <Group>
          <CopyButton value={shownKey}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function CreateKeyForm({ draft }: { draft: ApiKeysState['draft'] }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        draft.submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Key name"
          value={draft.name}
          onChange={(e) => draft.setName(e.currentTarget.value)}
          required
        />
        <Checkbox.Group
          label="Scopes"
          value={draft.scopes}
          onChange={(v) => draft.setScopes(v as ApiKeyScope[])}
        >
          <Stack gap={4} mt={4}>
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={SCOPE_LABELS[scope]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <NumberInput
          label="Expires after (days)"
          description="Leave empty for a key that does not expire."
          min={1}
          max={3650}
          allowDecimal={false}
          value={draft.days}
          onChange={draft.setDays}
          w={240}
        />
        <Button type="submit" loading={draft.isCreating} disabled={draft.scopes.length === 0} w="fit-content">
          Create API key
        </Button>
      </Stack>
    </form>
  );
}

function ApiKeysTable({ keys, revoke }: { keys: ApiKey[]; revoke: ApiKeysState['revoke'] }) {
  return (
    <Table striped data-testid="api-keys">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Key</Table.Th>
          <Table.Th>Scopes</Table.Th>
          <Table.Th>Expires</Table.Th>
          <Table.Th>Last used</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keys.map((key) => (
          <Table.Tr key={key.id}>
            <Table.Td>{key.name}</Table.Td>
            <Table.Td>
              <Code>{key.prefix}…</Code>
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                {key.scopes.map((scope) => (
                  <Badge key={scope} variant="light" size="sm">
                    {scope}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>{formatDate(key.expires_at)}</Table.Td>
            <Table.Td>{formatDate(key.last_used_at)}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                color="red"
                variant="light"
                loading={revoke.isPending && revoke.variables?.api_key_id === key.id}
                onClick={() => revoke.mutate({ api_key_id: key.id })}
              >
                Revoke
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
