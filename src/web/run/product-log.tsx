// SPEC §2: a product's log as a table of Event, Details, Cost and Date, or "Nothing to show". Log failures
// are only logged (SPEC §8).
import { Center, Code, Loader, Stack, Table, Text } from '@mantine/core';
import type { LogEntry } from '../../common/contract/entities';
import { queryKeys } from '../api/query-keys';
import { useFunctionQuery } from '../api/use-function-query';
import { formatCost, formatDate } from '../lib/format-cost';

type Detail = { name: string; value: string };

const MAX_DETAIL_LENGTH = 400;

function describeValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH)}…` : text;
}

/** A log entry's free fields as name/value pairs; an AI entry leads with its model and tokens. */
export function logDetails(entry: LogEntry): Detail[] {
  const details: Detail[] = [];
  if (entry.type === 'ai') {
    const { tokens } = entry.response;
    details.push(
      { name: 'model', value: tokens.model },
      { name: 'prompt tokens', value: String(tokens.prompt_tokens) },
      { name: 'completion tokens', value: String(tokens.completion_tokens) },
      ...(tokens.cached_tokens
        ? [{ name: 'cached prompt tokens', value: String(tokens.cached_tokens) }]
        : []),
    );
  }
  for (const [name, value] of Object.entries(entry.additional ?? {})) {
    if (value !== undefined && value !== null) details.push({ name, value: describeValue(value) });
  }
  if (entry.type === 'ai') details.push({ name: 'response', value: describeValue(entry.response.content) });
  // Names label the rows and key them, so a repeated one (a free field called "model") gets a number.
  const seen = new Map<string, number>();
  return details.map((detail) => {
    const count = (seen.get(detail.name) ?? 0) + 1;
    seen.set(detail.name, count);
    return count === 1 ? detail : { ...detail, name: `${detail.name} (${count})` };
  });
}

function useProductLog(bundleWorkflowId: number, productId: number) {
  return useFunctionQuery(
    'view-bundle-log',
    { bundle_workflow_id: bundleWorkflowId, product_id: productId },
    {
      queryKey: queryKeys.productLog(bundleWorkflowId, productId),
      select: (data) => data.log,
      onFailure: (error) => console.error('Could not load the log:', error.message, error.detail ?? ''),
    },
  );
}

export function ProductLog({ bundleWorkflowId, productId }: { bundleWorkflowId: number; productId: number }) {
  const log = useProductLog(bundleWorkflowId, productId);
  if (log.isPending) {
    return (
      <Center py="sm">
        <Loader size="sm" aria-label="Loading the log" />
      </Center>
    );
  }
  const entries = log.data ?? [];
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="xs">
        Nothing to show
      </Text>
    );
  }
  return (
    <Table withTableBorder striped fz="xs" aria-label="Product log" style={{ tableLayout: 'fixed' }}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={180}>Event</Table.Th>
          <Table.Th>Details</Table.Th>
          <Table.Th w={100}>Cost</Table.Th>
          <Table.Th w={190}>Date</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id} style={{ verticalAlign: 'top' }}>
            <Table.Td>{entry.event ?? (entry.type === 'ai' ? 'AI response' : '')}</Table.Td>
            <Table.Td>
              <Stack gap={2}>
                {logDetails(entry).map((detail) => (
                  <Text key={detail.name} size="xs" style={{ wordBreak: 'break-word' }}>
                    <Code>{detail.name}</Code> {detail.value}
                  </Text>
                ))}
              </Stack>
            </Table.Td>
            <Table.Td>
              {entry.type === 'ai' ? (entry.cost === null ? 'unknown' : formatCost(entry.cost)) : ''}
              {entry.type === 'ai' && entry.additional?.call_state === 'reserved, not settled' && (
                <Text span size="xs" c="orange" display="block">
                  reserved, not settled
                </Text>
              )}
            </Table.Td>
            <Table.Td>{formatDate(entry.created_at)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
