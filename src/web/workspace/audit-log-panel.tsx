// The workspace's audit log, newest first: who did what to what, and when, a page at a time ("Load more"
// asks for the events before the last one shown).
import { Alert, Button, Code, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEvent } from '../../common/contract/functions';
import { describeError, invoke } from '../api/invoke';
import { InvokeFailure } from '../api/invoke-failure';
import { queryKeys } from '../api/query-keys';

const PAGE = 50;

function useAuditEvents() {
  return useInfiniteQuery({
    queryKey: queryKeys.auditEvents(),
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const request = pageParam === undefined ? { limit: PAGE } : { limit: PAGE, before_id: pageParam };
      const result = await invoke('list-audit-events', request, { signal });
      if (result.error) throw new InvokeFailure(result.error);
      return result.data;
    },
    getNextPageParam: (last) => last.next_before_id ?? undefined,
    retry: false,
  });
}

/** Who: the person by name, and the API key's prefix when it came through one. */
function actorOf(event: AuditEvent): string {
  return event.api_key_prefix ? `${event.actor} (API key ${event.api_key_prefix}…)` : event.actor;
}

export function AuditLogPanel() {
  const audit = useAuditEvents();
  const events = audit.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <Paper withBorder p="lg">
      <Stack>
        <Title order={2} size="h3">
          Audit log
        </Title>
        {audit.error && (
          <Alert color="red" variant="light" role="alert" title="Could not load the audit log">
            {audit.error instanceof InvokeFailure ? describeError(audit.error.failure) : audit.error.message}
          </Alert>
        )}
        {audit.isSuccess && events.length === 0 && (
          <Text size="sm" c="dimmed">
            Nothing has happened in this workspace yet.
          </Text>
        )}
        {events.length > 0 && <AuditTable events={events} />}
        {audit.hasNextPage && (
          <Button
            variant="default"
            w="fit-content"
            loading={audit.isFetchingNextPage}
            onClick={() => void audit.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function AuditTable({ events }: { events: AuditEvent[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label="Audit log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Target</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.audit_event_id}>
              <Table.Td>
                <time dateTime={event.created_at}>{new Date(event.created_at).toLocaleString()}</time>
              </Table.Td>
              <Table.Td>{actorOf(event)}</Table.Td>
              <Table.Td>
                <Code>{event.action}</Code>
              </Table.Td>
              <Table.Td>{event.target}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
