// The job-loop indicator (SPEC §4, §8): while the loop is inactive, a warning that background work stopped.
import { Alert } from '@mantine/core';
import { USER_MESSAGES } from '../../common/contract/errors';
import { useJobLoop } from './use-job-loop';

export function JobLoopBanner() {
  const isActive = useJobLoop();
  if (isActive) return null;
  return (
    <Alert color="yellow" variant="light" title="Background work paused" role="alert" mb="md">
      {USER_MESSAGES.jobLoopStopped}
    </Alert>
  );
}
