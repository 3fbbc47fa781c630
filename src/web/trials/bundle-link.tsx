// The bundle a trial is of, found in the user's bundle list: its name for the heading and a way back to its page.
import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { USER_MESSAGES } from '../../common/contract/errors';
import { useBundleList } from '../api/list-queries';
import { bundleLabel } from '../lib/bundle-label';

export function useTrialBundle(bundleId: number | undefined) {
  const bundles = useBundleList();
  const bundle = bundles.data?.find((item) => item.id === bundleId);
  return {
    bundle,
    name: bundle ? bundleLabel(bundle) : '',
    /** The list has loaded and the bundle is not in it (deleted, or someone else's). */
    isMissing: bundles.data !== undefined && bundleId !== undefined && !bundle,
    runOf: (workflowId: number) => bundle?.workflows.find((run) => run.workflow_id === workflowId),
  };
}

/** Back to the bundle's page, on the run it was opened from (its first run). */
export function BackToBundle({ bundle }: { bundle: ReturnType<typeof useTrialBundle>['bundle'] }) {
  const first = bundle?.workflows[0];
  if (!bundle || !first) return null;
  return (
    <Anchor component={Link} to={`/view-bundle/${bundle.id}/${first.workflow_id}`} size="sm">
      Back to {bundleLabel(bundle)}
    </Anchor>
  );
}

export function TrialNotFound() {
  return (
    <Alert color="orange" variant="light" title="Not found" role="alert">
      {USER_MESSAGES.notFound}
    </Alert>
  );
}
