// The form for one of the user's own workflows: name, a model from the endpoint's list or typed, language,
// voice, limits, price and batch. The limits are the contract's, so the server says the same.
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Workflow } from '../../common/contract/entities';
import { WORKFLOW_LIMITS, type WorkflowFields } from '../../common/contract/functions';
import { type Draft, draftOf, fieldsOf, type SetDraftField } from './workflow-draft';
import {
  BatchFields,
  LimitFields,
  ModelField,
  PhotoFields,
  PriceFields,
  WritingFields,
} from './workflow-fields';

function useWorkflowDraft(workflow?: Workflow) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(workflow));
  const set: SetDraftField = (key) => (value) => setDraft((d) => ({ ...d, [key]: value }));
  return { draft, set };
}

export function WorkflowForm({
  workflow,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: {
  workflow?: Workflow;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (fields: WorkflowFields) => void;
  onCancel?: () => void;
}) {
  const { draft, set } = useWorkflowDraft(workflow);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(fieldsOf(draft));
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          maxLength={WORKFLOW_LIMITS.nameMax}
          value={draft.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
        />
        <ModelField draft={draft} set={set} />
        <WritingFields draft={draft} set={set} />
        <LimitFields draft={draft} set={set} />
        <PriceFields draft={draft} set={set} />
        <BatchFields draft={draft} set={set} />
        <PhotoFields draft={draft} set={set} />
        <Group>
          <Button type="submit" loading={isPending}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
