import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useBundleList } from '../lib/queries';
import { bundleLabel } from '../shell/navigation';
import { BundleNotFound } from './not-found';
import { parseIdParam } from './route-params';

export function ViewBundlePage() {
  const params = useParams();
  const bundleId = parseIdParam(params.bundleId);
  const workflowId = parseIdParam(params.workflowId);
  const bundles = useBundleList();
  if (bundleId === null || workflowId === null) return <BundleNotFound />;
  const bundle = bundles.data?.find((b) => b.id === bundleId);
  if (bundles.isSuccess && !bundle) return <BundleNotFound />;
  return (
    <Stack>
      <Title order={1}>{bundle ? bundleLabel(bundle) : 'Loading…'}</Title>
      <Text c="dimmed">Workflow {workflowId}</Text>
    </Stack>
  );
}
