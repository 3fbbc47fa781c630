// Confirm before overwriting: regenerating a product whose copy was edited by hand asks first,
// shows what the edits changed against the last generated copy, and offers "keep my edits" (the default:
// the edited fields are locked, so the regeneration leaves them) or "replace" them.
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { CopyFieldName } from '../../common/contract/entities';
import { CopyDiff } from './copy-diff';
import { type Copy, FIELD_LABELS } from './copy-fields';

export type RegenerateChoice = { keepEdits: boolean };

export function RegenerateConfirm({
  opened,
  generated,
  current,
  editedFields,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  /** The copy as last written by the writer. */
  generated: Copy;
  current: Copy;
  editedFields: CopyFieldName[];
  onCancel: () => void;
  onConfirm: (choice: RegenerateChoice) => void;
}) {
  const [choice, setChoice] = useState<'keep' | 'replace'>('keep');
  return (
    <Modal opened={opened} onClose={onCancel} title="This product has your edits" size="lg" zIndex={400}>
      <Stack gap="sm">
        <Text size="sm">
          You edited {editedFields.map((field) => FIELD_LABELS[field]).join(', ')}. Your edits against the
          generated copy:
        </Text>
        <CopyDiff before={generated} after={current} fields={editedFields} />
        <Radio.Group
          value={choice}
          onChange={(value) => setChoice(value as 'keep' | 'replace')}
          label="When it is written again"
        >
          <Stack gap={6} mt={6}>
            <Radio value="keep" label="Keep my edits (lock the edited fields) and rewrite the rest" />
            <Radio value="replace" label="Replace my edits with new copy" />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="grape" onClick={() => onConfirm({ keepEdits: choice === 'keep' })}>
            Regenerate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
