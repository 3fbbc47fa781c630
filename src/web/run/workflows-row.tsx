// SPEC §2: a Workflows row of numbered items, each with its workflow's name; hovering shows whether it
// has run, the selected one is marked, and each opens this bundle's run of that workflow.
import { Button, Group, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { BundleSummary, Workflow } from '../../common/contract/entities';

type WorkflowsRowProps = {
  bundleId: number;
  selectedWorkflowId: number;
  workflows: Workflow[];
  /** This bundle's runs, to tell a workflow already run from one that is not. */
  runs: BundleSummary['workflows'];
};

export function WorkflowsRow({ bundleId, selectedWorkflowId, workflows, runs }: WorkflowsRowProps) {
  if (workflows.length === 0) return null;
  return (
    <Group gap="xs" component="nav" aria-label="Workflows" wrap="wrap">
      <Text size="sm" fw={600}>
        Workflows
      </Text>
      {workflows.map((workflow, index) => {
        const isSelected = workflow.id === selectedWorkflowId;
        const run = runs.find((item) => item.workflow_id === workflow.id);
        const status = run ? `run, ${run.progress}% done` : 'not run yet';
        return (
          <Tooltip key={workflow.id} label={`${workflow.name} (${status})`} withArrow>
            <Button
              component={Link}
              to={`/view-bundle/${bundleId}/${workflow.id}`}
              size="compact-sm"
              radius="xl"
              variant={isSelected ? 'filled' : run ? 'light' : 'default'}
              aria-current={isSelected ? 'page' : undefined}
              aria-label={`Workflow ${index + 1}: ${workflow.name}`}
            >
              {index + 1}. {workflow.name}
            </Button>
          </Tooltip>
        );
      })}
    </Group>
  );
}
