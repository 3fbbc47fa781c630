// The head row of a side-by-side table: what the rows are, then a column per workflow of the trial.
import { Table } from '@mantine/core';
import type { TrialWorkflow } from './trial-figures';

export function WorkflowColumnsHead({
  rowsAre,
  width,
  workflows,
}: {
  rowsAre: string;
  width?: number;
  workflows: TrialWorkflow[];
}) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col" w={width}>
          {rowsAre}
        </Table.Th>
        {workflows.map((workflow) => (
          <Table.Th scope="col" key={workflow.workflow_id}>
            {workflow.name}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
