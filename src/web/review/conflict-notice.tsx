// A save refused as stale (409 conflict): the product changed since the editor loaded it. The reviewer can
// reload (dropping their edits), or compare the copy now with theirs, and then save theirs over it.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CopyDiff } from './copy-diff';
import type { Copy } from './copy-fields';

export function ConflictNotice({
  current,
  mine,
  isSaving,
  onReload,
  onSaveMine,
}: {
  /** The product's copy now. */
  current: Copy;
  /** The editor's copy. */
  mine: Copy;
  isSaving: boolean;
  onReload: () => void;
  onSaveMine: () => void;
}) {
  const [isComparing, setComparing] = useState(false);
  return (
    <Alert color="yellow" variant="light" title="This product changed since you opened it" role="alert">
      <Stack gap="xs">
        <Text size="sm">It was regenerated or edited elsewhere. Your changes are not saved yet.</Text>
        <Group gap="xs">
          <Button size="xs" onClick={onReload}>
            Reload (discard my changes)
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-pressed={isComparing}
            onClick={() => setComparing(!isComparing)}
          >
            Compare
          </Button>
        </Group>
        {isComparing && (
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              The copy now (struck through) against yours (underlined):
            </Text>
            <CopyDiff before={current} after={mine} />
            <Group>
              <Button size="xs" color="yellow" onClick={onSaveMine} loading={isSaving}>
                Save mine over it
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}
