// API keys on the Account page (issue 25): create one (the key is shown this once), see them, revoke one.
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
import { API_KEY_SCOPES, type ApiKeyScope } from '../../common/functions/api-keys';
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

export function ApiKeysPanel() {
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

  return (
    <Paper withBorder p="lg">
      <Stack>
        <Title order={3}>API keys</Title>
        <Text size="sm">
          For your own tools and scripts: send a key as <Code>Authorization: Bearer cl_…</Code> to the
          functions described in the <a href="/api/docs">API reference</a>. A key cannot manage keys,
          sessions, your password or two-factor sign-in.
        </Text>
        {shownKey && (
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
                <Button size="xs" variant="default" onClick={() => setShownKey(null)}>
                  Done
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({
              name,
              scopes,
              ...(typeof days === 'number' ? { expires_in_days: days } : {}),
            });
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Key name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              required
            />
            <Checkbox.Group label="Scopes" value={scopes} onChange={(v) => setScopes(v as ApiKeyScope[])}>
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
              value={days}
              onChange={setDays}
              w={240}
            />
            <Button type="submit" loading={create.isPending} disabled={scopes.length === 0} w="fit-content">
              Create API key
            </Button>
          </Stack>
        </form>
        {keys.data && keys.data.api_keys.length > 0 && (
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
              {keys.data.api_keys.map((key) => (
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
        )}
      </Stack>
    </Paper>
  );
}
