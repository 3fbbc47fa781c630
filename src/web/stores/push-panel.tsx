// Push to store, on the run page: pick a connected store, preview exactly what would change (the store's
// value now beside ours, conflicts first), push, watch the result, and undo the push.
import { Alert, Badge, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { type Change, type StorePush, useStorePush } from './use-store-push';

const CONFLICT_LABELS: Record<NonNullable<Change['conflict']>, string> = {
  changed_in_store: 'Changed in the store since the import',
  deleted_in_store: 'No longer in the store',
  already_ours: 'Already the same',
};

const FIELD_LABELS: Record<string, string> = {
  description: 'Description',
  short_description: 'Short description',
  seo_title: 'SEO title',
  seo_description: 'SEO description',
  handle: 'Handle',
};
const fieldLabel = (field: string) =>
  field.startsWith('alt_text:')
    ? `Alt text (image ${field.slice(9).split('/').at(-1)})`
    : (FIELD_LABELS[field] ?? field);

export function PushPanel({
  bundleWorkflowId,
  productNames,
}: {
  bundleWorkflowId: number;
  productNames: Map<number, string>;
}) {
  const storePush = useStorePush(bundleWorkflowId);
  const { stores, request, preview } = storePush;
  if (stores.length === 0) return null;
  return (
    <Group gap="xs">
      <Select
        aria-label="Store to push to"
        placeholder="Push to store…"
        size="xs"
        data={stores.map((store) => ({ value: String(store.id), label: store.name }))}
        value={storePush.storeId}
        onChange={storePush.setStoreId}
      />
      <Button
        size="xs"
        variant="default"
        disabled={!request}
        loading={preview.isPending}
        onClick={() => request && preview.mutate(request)}
      >
        Preview push
      </Button>
      <PushStatus storePush={storePush} />
      <PushPreview storePush={storePush} productNames={productNames} />
    </Group>
  );
}

/** How the latest push (or its undo) went, and the button that undoes a finished push. */
function PushStatus({ storePush }: { storePush: StorePush }) {
  const { view, undo } = storePush;
  if (!view) return null;
  return (
    <Group gap={6}>
      <Badge
        color={view.state === 'failed' ? 'red' : view.state === 'done' ? 'teal' : 'blue'}
        variant="light"
      >
        {view.kind === 'undo' ? 'Undo' : 'Push'} {view.state}: {view.done} written, {view.skipped} skipped,{' '}
        {view.failed} failed
      </Badge>
      {view.state === 'failed' && view.error && (
        <Text size="xs" c="red">
          {view.error}
        </Text>
      )}
      {view.kind === 'push' && view.state === 'done' && view.done > 0 && (
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          loading={undo.isPending}
          onClick={() => undo.mutate({ push_id: view.push_id })}
        >
          Undo push
        </Button>
      )}
    </Group>
  );
}

function PushPreview({
  storePush,
  productNames,
}: {
  storePush: StorePush;
  productNames: Map<number, string>;
}) {
  const { changes, toPush, request, push } = storePush;
  return (
    <Modal opened={changes !== null} onClose={storePush.closePreview} title="Push preview" size="xl">
      <Stack>
        {storePush.notes.map((note) => (
          <Alert key={note} color="yellow">
            {note}
          </Alert>
        ))}
        {changes?.length === 0 && <Alert color="blue">Nothing to push: approve some products first.</Alert>}
        {changes && changes.length > 0 && <ChangesTable changes={changes} productNames={productNames} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={storePush.closePreview}>
            Cancel
          </Button>
          <Button
            disabled={toPush === 0 || !request}
            loading={push.isPending}
            onClick={() => request && push.mutate(request)}
          >
            Push {toPush} {toPush === 1 ? 'change' : 'changes'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ChangesTable({ changes, productNames }: { changes: Change[]; productNames: Map<number, string> }) {
  return (
    <Table aria-label="Changes to push" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Product</Table.Th>
          <Table.Th>Field</Table.Th>
          <Table.Th>In the store now</Table.Th>
          <Table.Th>Ours</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => (
          <Table.Tr key={`${change.bundle_workflow_product_id}:${change.field}`}>
            <Table.Td>
              <Text size="sm">
                {productNames.get(change.bundle_workflow_product_id) ??
                  `#${change.bundle_workflow_product_id}`}
              </Text>
              {change.conflict && (
                <Badge color="orange" variant="light" size="sm">
                  {CONFLICT_LABELS[change.conflict]}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{fieldLabel(change.field)}</Table.Td>
            <Table.Td>
              <Text size="xs" td={change.conflict ? undefined : 'line-through'} c="dimmed" lineClamp={4}>
                {change.before || '(empty)'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="xs" lineClamp={4}>
                {change.after}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
