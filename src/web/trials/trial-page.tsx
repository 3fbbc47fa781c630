// The Trial screen: a trial's workflows as they write the same sample, then side by side (their figures and
// their copy for the same products), and the winner started on the whole bundle.
import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { describeError } from '../api/invoke';
import { parseIdParam } from '../lib/route-params';
import { PageHeading } from '../ui/page-heading';
import { usePageTitle } from '../ui/use-page-title';
import { BackToBundle, TrialNotFound, useTrialBundle } from './bundle-link';
import { PickWinner } from './pick-winner';
import { TrialCopy } from './trial-copy';
import { TrialProgress } from './trial-progress';
import { TrialTable } from './trial-table';
import { useTrial } from './use-trial';

export function TrialPage() {
  const trialId = parseIdParam(useParams().trialId);
  if (trialId === null) return <TrialNotFound />;
  return <TrialView key={trialId} trialId={trialId} />;
}

function TrialView({ trialId }: { trialId: number }) {
  const trial = useTrial(trialId);
  const { bundle, name, runOf } = useTrialBundle(trial.data?.bundle_id);
  const heading = name ? `Trial of ${name}` : 'Trial';
  usePageTitle(heading);
  if (trial.error && !trial.data) {
    if (trial.error.failure.type === 'unknown_bundle') return <TrialNotFound />;
    return (
      <Alert color="red" variant="light" title="Could not load the trial" role="alert">
        {describeError(trial.error.failure)}
      </Alert>
    );
  }
  return (
    <Stack>
      <PageHeading>{heading}</PageHeading>
      <BackToBundle bundle={bundle} />
      {!trial.data && (
        <Center py="xl">
          <Loader aria-label="Loading the trial" />
        </Center>
      )}
      {trial.data && (
        <>
          <TrialProgress trial={trial.data} />
          <Stack component="section" aria-labelledby="trial-figures-heading">
            <Title order={2} size="h3" id="trial-figures-heading">
              The workflows side by side
            </Title>
            <TrialTable workflows={trial.data.workflows} />
          </Stack>
          <TrialCopy sample={trial.data.sample} workflows={trial.data.workflows} />
          <PickWinner trial={trial.data} hasRun={(workflowId) => runOf(workflowId) !== undefined} />
        </>
      )}
    </Stack>
  );
}
