// Webhooks on the Account page: add an endpoint (its signing secret is shown this once), send it a
// test event, see each delivery attempt, delete it.
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '../../common/contract/functions/webhooks';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import { useFunctionQuery } from '../api/use-function-query';

/** The user's endpoints, the new endpoint's fields, its secret (shown once), and testing or deleting one. */
function useWebhooks() {
  const hooks = useFunctionQuery('list-webhooks', {}, { queryKey: queryKeys.webhooks() });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['run.completed']);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useFunctionMutation('create-webhook', {
    errorTitle: 'Could not add the webhook',
    onSuccess: (data) => {
      setSecret(data.secret);
      setUrl('');
    },
    invalidates: [queryKeys.webhooks()],
  });
  const remove = useFunctionMutation('delete-webhook', {
    errorTitle: 'Could not delete the webhook',
    invalidates: [queryKeys.webhooks()],
  });
  const test = useFunctionMutation('test-webhook', {
    errorTitle: 'Could not send a test event',
    onSuccess: () => notifications.show({ message: 'A test event is on its way.' }),
    invalidates: [queryKeys.webhooks()],
  });
  const draft = {
    url,
    setUrl,
    events,
    setEvents,
    submit: () => create.mutate({ url, events }),
    isCreating: create.isPending,
  };
  return { hooks, draft, secret, hideSecret: () => setSecret(null), remove, test };
}

export function WebhooksPanel() {
  const { hooks, draft, secret, hideSecret, remove, test } = useWebhooks();
  return (
    <Paper withBorder p="lg">
      <Stack>
        <Title order={3}>Webhooks</Title>
        <Text size="sm">
          Copyloom POSTs signed events (Standard Webhooks: <Code>webhook-id</Code>,{' '}
          <Code>webhook-timestamp</Code>, <Code>webhook-signature</Code>) to your endpoint, retrying for 24
          hours. An endpoint that fails for 24 hours is switched off and you are told by mail.
        </Text>
        {secret && (
          <Alert color="teal" variant="light" title="Signing secret" data-testid="webhook-secret">
            <Stack gap="xs">
              <Text size="sm">Verify deliveries with this secret. Copy it now: it is not shown again.</Text>
              <Code block>{secret}</Code>
              <Button size="xs" variant="default" w="fit-content" onClick={hideSecret}>
                Done
              </Button>
            </Stack>
          </Alert>
        )}
        <AddWebhookForm draft={draft} />
        {hooks.data?.webhooks.map((hook) => (
          <WebhookRow
            key={hook.id}
            hook={hook}
            onTest={() => test.mutate({ webhook_id: hook.id })}
            onDelete={() => remove.mutate({ webhook_id: hook.id })}
            busy={test.isPending && test.variables?.webhook_id === hook.id}
            onRefresh={() => hooks.refetch()}
          />
        ))}
      </Stack>
    </Paper>
  );
}

function AddWebhookForm({ draft }: { draft: ReturnType<typeof useWebhooks>['draft'] }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        draft.submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Endpoint URL"
          placeholder="https://example.com/copyloom-events"
          value={draft.url}
          onChange={(e) => draft.setUrl(e.currentTarget.value)}
          required
        />
        <Checkbox.Group
          label="Events"
          value={draft.events}
          onChange={(v) => draft.setEvents(v as WebhookEvent[])}
        >
          <Group gap="md" mt={4}>
            {WEBHOOK_EVENTS.map((name) => (
              <Checkbox key={name} value={name} label={name} />
            ))}
          </Group>
        </Checkbox.Group>
        <Button type="submit" loading={draft.isCreating} disabled={draft.events.length === 0} w="fit-content">
          Add webhook
        </Button>
      </Stack>
    </form>
  );
}

function WebhookRow({
  hook,
  onTest,
  onDelete,
  onRefresh,
  busy,
}: {
  hook: Webhook;
  onTest: () => void;
  onDelete: () => void;
  onRefresh: () => void;
  busy: boolean;
}) {
  return (
    <Paper withBorder p="sm" data-testid="webhook">
      <Stack gap="xs">
        <Group justify="space-between">
          <Code>{hook.url}</Code>
          <Badge color={hook.enabled ? 'teal' : 'red'}>{hook.enabled ? 'On' : 'Switched off'}</Badge>
        </Group>
        <Text size="xs">{hook.events.join(', ')}</Text>
        {hook.disabled_reason && (
          <Alert color="red" variant="light">
            {hook.disabled_reason}
          </Alert>
        )}
        <Group>
          <Button size="xs" variant="light" onClick={onTest} loading={busy}>
            Send test event
          </Button>
          <Button size="xs" variant="default" onClick={onRefresh}>
            Refresh attempts
          </Button>
          <Button size="xs" color="red" variant="light" onClick={onDelete}>
            Delete
          </Button>
        </Group>
        {hook.recent_attempts.length > 0 && <AttemptsTable attempts={hook.recent_attempts} />}
      </Stack>
    </Paper>
  );
}

function AttemptsTable({ attempts }: { attempts: Webhook['recent_attempts'] }) {
  return (
    <Table fz="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>Event</Table.Th>
          <Table.Th>Attempt</Table.Th>
          <Table.Th>Answer</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {attempts.map((a) => (
          <Table.Tr key={`${a.delivery_id}-${a.attempt}`}>
            <Table.Td>{new Date(a.created_at).toLocaleString()}</Table.Td>
            <Table.Td>{a.event_type}</Table.Td>
            <Table.Td>{a.attempt}</Table.Td>
            <Table.Td>{a.status_code ?? a.error ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
