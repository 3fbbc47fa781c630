// New trial: from a bundle, pick two to four workflows and a sample size; each workflow writes the same sample
// of the bundle's products, apart from the bundle's own copy, so they can be compared side by side.
import { Button, Checkbox, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import type { Workflow } from '../../common/contract/entities';
import { TRIAL_LIMITS } from '../../common/contract/functions';
import { useWorkflowList } from '../api/list-queries';
import { parseIdParam } from '../lib/route-params';
import { PageHeading } from '../ui/page-heading';
import { SpendingCapInput } from '../ui/spending-cap-input';
import { usePageTitle } from '../ui/use-page-title';
import { BackToBundle, TrialNotFound, useTrialBundle } from './bundle-link';
import { EarlierTrials } from './earlier-trials';
import { useNewTrial } from './use-new-trial';

export function NewTrialPage() {
  const bundleId = parseIdParam(useParams().bundleId);
  if (bundleId === null) return <TrialNotFound />;
  return <NewTrialForm bundleId={bundleId} />;
}

function NewTrialForm({ bundleId }: { bundleId: number }) {
  const { bundle, name, isMissing } = useTrialBundle(bundleId);
  const trial = useNewTrial(bundleId);
  const workflows = useWorkflowList().data ?? [];
  usePageTitle(name ? `Compare workflows on ${name}` : 'Compare workflows');
  if (isMissing) return <TrialNotFound />;
  return (
    <Stack maw={960}>
      <PageHeading>{name ? `Compare workflows on ${name}` : 'Compare workflows'}</PageHeading>
      <BackToBundle bundle={bundle} />
      <Text size="sm">
        Each workflow writes the same small sample of this bundle's products, picked to cover it (variants,
        the shortest and longest products, one of each type). The bundle's own copy is not touched. Then you
        compare cost, checks and copy side by side and start the run with the winner.
      </Text>
      <Paper
        withBorder
        p="lg"
        component="form"
        aria-label="New trial"
        onSubmit={(event) => {
          event.preventDefault();
          trial.submit();
        }}
      >
        <Stack>
          <Checkbox.Group
            label="Workflows to compare"
            description={`Pick ${TRIAL_LIMITS.minWorkflows} to ${TRIAL_LIMITS.maxWorkflows}.`}
            value={trial.picked}
            onChange={trial.setPicked}
            error={trial.pickError}
            withAsterisk
          >
            <Stack gap="xs" mt="xs">
              {workflows.map((workflow) => (
                <WorkflowCheckbox key={workflow.id} workflow={workflow} />
              ))}
            </Stack>
          </Checkbox.Group>
          <NumberInput
            label="Sample size (products)"
            description={`How many of the bundle's products each workflow writes, 1 to ${TRIAL_LIMITS.maxSample}.`}
            value={trial.sampleSize}
            onChange={trial.setSampleSize}
            min={1}
            max={TRIAL_LIMITS.maxSample}
            allowDecimal={false}
            clampBehavior="strict"
            maw={260}
          />
          <SpendingCapInput
            value={trial.cap}
            onChange={trial.setCap}
            description="Optional. The trial pauses when all its workflows together have cost this much."
          />
          <Group>
            <Button type="submit" loading={trial.isStarting}>
              Start the trial
            </Button>
          </Group>
        </Stack>
      </Paper>
      <EarlierTrials bundleId={bundleId} />
    </Stack>
  );
}

function WorkflowCheckbox({ workflow }: { workflow: Workflow }) {
  return (
    <Checkbox
      value={String(workflow.id)}
      label={workflow.name}
      description={workflow.is_available ? `Model: ${workflow.model}` : 'Needs OPENAI_API_KEY on the server.'}
      disabled={!workflow.is_available}
    />
  );
}
