// The workflows side by side: a column per workflow, a row per figure (cost, cost per 1,000 products, the share
// of first answers that passed the checks, repairs, problems left, tokens, time), each row headed by its figure.
import { Table } from '@mantine/core';
import { comparisonRows, type TrialWorkflow } from './trial-figures';
import { WorkflowColumnsHead } from './workflow-columns-head';

export function TrialTable({ workflows }: { workflows: TrialWorkflow[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder captionSide="top">
        <Table.Caption>Workflows side by side</Table.Caption>
        <WorkflowColumnsHead rowsAre="Figure" workflows={workflows} />
        <Table.Tbody>
          {comparisonRows(workflows).map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row">{row.label}</Table.Th>
              {row.values.map((value, index) => (
                <Table.Td key={workflows[index]!.workflow_id}>{value}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
