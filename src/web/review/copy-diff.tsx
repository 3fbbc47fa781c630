// Two copies of a product compared field by field: only the fields that differ, each as a word diff.
import { Stack, Text } from '@mantine/core';
import type { CopyFieldName } from '../../common/contract/entities';
import { type Copy, changedFields, FIELD_LABELS, fieldText } from './copy-fields';
import { DiffText } from './diff-text';

export function CopyDiff({
  before,
  after,
  fields,
}: {
  before: Copy;
  after: Copy;
  /** Only these fields; all that differ when unset. */
  fields?: CopyFieldName[];
}) {
  const changed = (fields ?? changedFields(before, after)).filter((field) =>
    changedFields(before, after).includes(field),
  );
  if (changed.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No differences.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {changed.map((field) => (
        <Stack key={field} gap={2}>
          <Text size="xs" fw={600} c="dimmed">
            {FIELD_LABELS[field]}
          </Text>
          <DiffText
            before={fieldText(before, field)}
            after={fieldText(after, field)}
            label={`${FIELD_LABELS[field]} changes`}
          />
        </Stack>
      ))}
    </Stack>
  );
}
