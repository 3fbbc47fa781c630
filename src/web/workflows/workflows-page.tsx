// The Workflows screen: the built-in workflows and the user's own, each with its price (or "price
// unknown — set one") and an estimate per 1,000 products; the user's own can be made, changed and deleted.
import { Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Workflow } from '../../common/contract/entities';
import { useWorkflowList } from '../api/list-queries';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import { useFunctionQuery } from '../api/use-function-query';
import { formatCost } from '../lib/format-cost';
import { PageHeading } from '../ui/page-heading';
import { usePageTitle } from '../ui/use-page-title';
import { BATCH_LABEL, BATCH_REPAIR_LABELS } from './workflow-fields';
import { WorkflowForm } from './workflow-form';

/** Three typical products; the estimate is scaled from them to 1,000. */
const SAMPLE_PRODUCTS = [
  'Oak Dining Chair,Nordhus,Solid oak chair with a woven seat. 45 x 50 x 80 cm.',
  'Linen Bed Sheet,Sleepwell,Stonewashed linen flat sheet in sage green. 240 x 260 cm.',
  'Brass Desk Lamp,Lumen,Adjustable brass lamp with a linen shade and a dimmer.',
];
const PER = 1_000;

const PRICE_SOURCES = {
  workflow: ' (your price)',
  operator: " (the server's price)",
  built_in: ' (list price)',
} as const;

function PriceLine({ workflow }: { workflow: Workflow }) {
  const price = workflow.effective_price;
  if (workflow.model === 'offline') return <Text size="sm">Free (built-in writer)</Text>;
  if (!price) {
    return (
      <Text size="sm" c="orange">
        Price unknown — set one. A spending cap counts this model's tokens at the dearest known price.
      </Text>
    );
  }
  return (
    <Text size="sm">
      ${price.input_per_million} in
      {price.cached_input_per_million !== price.input_per_million
        ? ` ($${price.cached_input_per_million} cached)`
        : ''}{' '}
      / ${price.output_per_million} out per million tokens
      {PRICE_SOURCES[price.source]}
    </Text>
  );
}

function EstimatePerThousand({ workflow }: { workflow: Workflow }) {
  const request = {
    workflow_id: workflow.id,
    columns: ['title', 'brand', 'description'],
    raw_csv: SAMPLE_PRODUCTS.join('\n'),
  };
  const estimate = useFunctionQuery('estimate-cost', workflow.is_available ? request : null, {
    queryKey: [...queryKeys.costEstimate(request), workflow.updated_at],
    staleTime: 60_000,
  });
  if (!workflow.is_available || !estimate.data) return null;
  const { cost_usd, products } = estimate.data;
  return (
    <Text size="sm" c="dimmed" aria-label={`Estimate for ${workflow.name}`}>
      {cost_usd === null
        ? `Estimate per ${PER.toLocaleString('en-US')} products: cost unknown`
        : `About ${formatCost((cost_usd / products) * PER)} per ${PER.toLocaleString('en-US')} products, repairs included`}
    </Text>
  );
}

function WorkflowCard({ workflow, onEdit }: { workflow: Workflow; onEdit: () => void }) {
  const remove = useFunctionMutation('delete-workflow', {
    errorTitle: 'Could not delete the workflow',
    invalidates: [queryKeys.workflows()],
  });
  return (
    <Card withBorder padding="sm" component="article" aria-label={workflow.name}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{workflow.name}</Text>
            <Badge variant="light" color={workflow.is_own ? 'blue' : 'gray'}>
              {workflow.is_own ? 'Yours' : 'Built-in'}
            </Badge>
            {workflow.batch && <Badge variant="outline">{BATCH_LABEL}</Badge>}
          </Group>
          <Text size="sm">
            Model: <code>{workflow.model}</code>
            {workflow.language ? ` · Language: ${workflow.language}` : ''}
          </Text>
          {workflow.batch && (
            <Text size="sm">Repairs: {BATCH_REPAIR_LABELS[workflow.batch_repairs].toLowerCase()}</Text>
          )}
          <PriceLine workflow={workflow} />
          <EstimatePerThousand workflow={workflow} />
        </Stack>
        {workflow.is_own && (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onEdit}>
              Edit
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              loading={remove.isPending}
              onClick={() => {
                if (window.confirm(`Delete the workflow "${workflow.name}"?`))
                  remove.mutate({ workflow_id: workflow.id });
              }}
            >
              Delete
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}

export function WorkflowsPage() {
  usePageTitle('Workflows');
  const workflows = useWorkflowList();
  const [editing, setEditing] = useState<Workflow | 'new' | null>(null);
  const close = () => setEditing(null);
  const create = useFunctionMutation('new-workflow', {
    errorTitle: 'Could not save the workflow',
    invalidates: [queryKeys.workflows()],
    onSuccess: close,
  });
  const update = useFunctionMutation('update-workflow', {
    errorTitle: 'Could not save the workflow',
    invalidates: [queryKeys.workflows()],
    onSuccess: close,
  });

  return (
    <Stack>
      <Group justify="space-between">
        <PageHeading>Workflows</PageHeading>
        <Button onClick={() => setEditing('new')}>New workflow</Button>
      </Group>
      <Text size="sm" c="dimmed">
        A workflow is a model with your language, voice and limits. Built-in workflows are everyone's; yours
        are yours alone.
      </Text>
      {(workflows.data ?? []).map((workflow) => (
        <WorkflowCard key={workflow.id} workflow={workflow} onEdit={() => setEditing(workflow)} />
      ))}
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing === 'new' ? 'New workflow' : 'Edit workflow'}
        size="lg"
      >
        {editing !== null && (
          <WorkflowForm
            workflow={editing === 'new' ? undefined : editing}
            submitLabel={editing === 'new' ? 'Create workflow' : 'Save workflow'}
            isPending={create.isPending || update.isPending}
            onCancel={close}
            onSubmit={(fields) =>
              editing === 'new'
                ? create.mutate(fields)
                : update.mutate({ workflow_id: editing.id, ...fields })
            }
          />
        )}
      </Modal>
    </Stack>
  );
}
