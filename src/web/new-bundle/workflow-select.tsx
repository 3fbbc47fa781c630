// The workflow a new bundle runs first: the first available one by default; built-in and the user's own
// workflows in two groups. AI workflows are unavailable
// until the server has an OpenAI API key (DESIGN.md, offline writer).
import { Select } from '@mantine/core';
import { useEffect } from 'react';
import type { Workflow } from '../../common/contract/entities';
import { useWorkflowList } from '../api/list-queries';

const NEEDS_KEY = 'needs OPENAI_API_KEY';

const toOption = (workflow: Workflow) => ({
  value: String(workflow.id),
  label: workflow.is_available ? workflow.name : `${workflow.name} (${NEEDS_KEY})`,
  disabled: !workflow.is_available,
});

export function WorkflowSelect({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const workflows = useWorkflowList();
  const list = workflows.data ?? [];
  const firstAvailable = list.find((workflow) => workflow.is_available)?.id ?? null;

  useEffect(() => {
    if (value === null && firstAvailable !== null) onChange(firstAvailable);
  }, [value, firstAvailable, onChange]);

  const hasUnavailable = list.some((workflow) => !workflow.is_available);
  return (
    <Select
      label="Workflow"
      description={
        hasUnavailable ? 'AI workflows are disabled: they need OPENAI_API_KEY on the server.' : undefined
      }
      placeholder={workflows.isPending ? 'Loading workflows…' : 'Server default'}
      data={[
        { group: 'Built-in', items: list.filter((w) => !w.is_own).map(toOption) },
        { group: 'Your workflows', items: list.filter((w) => w.is_own).map(toOption) },
      ].filter((group) => group.items.length > 0)}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
      allowDeselect={false}
    />
  );
}
