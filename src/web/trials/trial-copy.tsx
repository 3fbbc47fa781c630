// The copy side by side: for one product of the sample at a time, its page title, meta description and heading
// as each workflow wrote them, with their length and the checks' problems, so the same product reads across.
import { Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  COMPARED_FIELDS,
  type CopyCell,
  copyCells,
  type TrialSampleProduct,
  type TrialWorkflow,
} from './trial-figures';
import { WorkflowColumnsHead } from './workflow-columns-head';

const productLabel = (product: TrialSampleProduct) =>
  `${product.name || 'Unnamed product'} (${product.is_variant ? 'variant' : product.kind})`;

export function TrialCopy({
  sample,
  workflows,
}: {
  sample: TrialSampleProduct[];
  workflows: TrialWorkflow[];
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const product = sample.find((p) => String(p.product_id) === picked) ?? sample[0];
  if (!product) return null;
  return (
    <Stack component="section" aria-labelledby="trial-copy-heading">
      <Title order={2} size="h3" id="trial-copy-heading">
        The copy side by side
      </Title>
      <Select
        label="Product"
        description={`One of the ${sample.length} products of the sample.`}
        data={sample.map((p) => ({ value: String(p.product_id), label: productLabel(p) }))}
        value={String(product.product_id)}
        onChange={setPicked}
        allowDeselect={false}
        maw={480}
      />
      <Table.ScrollContainer minWidth={720}>
        <Table withTableBorder captionSide="top" style={{ tableLayout: 'fixed' }}>
          <Table.Caption>Copy of {product.name || 'Unnamed product'}</Table.Caption>
          <WorkflowColumnsHead rowsAre="Field" width={150} workflows={workflows} />
          <Table.Tbody>
            {COMPARED_FIELDS.map((field) => (
              <Table.Tr key={field.name}>
                <Table.Th scope="row">{field.label}</Table.Th>
                {copyCells(workflows, product.product_id, field.name).map((cell, index) => (
                  <Table.Td key={workflows[index]!.workflow_id} style={{ verticalAlign: 'top' }}>
                    <CopyCellText cell={cell} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

const NOT_SHOWN: Record<Exclude<CopyCell['kind'], 'copy'>, string> = {
  waiting: 'Not written yet',
  failed: 'Failed: see the log of this workflow’s run',
  empty: 'Empty',
};

function CopyCellText({ cell }: { cell: CopyCell }) {
  if (cell.kind !== 'copy')
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {NOT_SHOWN[cell.kind]}
      </Text>
    );
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {cell.text}
      </Text>
      <Text size="xs" c="dimmed">
        {cell.text.length} characters
      </Text>
      {cell.problems.map((problem) => (
        <Text size="xs" c="red" key={problem}>
          {problem}
        </Text>
      ))}
    </Stack>
  );
}
