// A trial as the Trial screen reads it: polled like a run (every 5 seconds) until it is complete or paused.
import { BUNDLE_POLL_INTERVAL_MS } from '../../common/contract/constants';
import { queryKeys } from '../api/query-keys';
import { useFunctionQuery } from '../api/use-function-query';

export function useTrial(trialId: number) {
  return useFunctionQuery(
    'view-trial',
    { trial_id: trialId },
    {
      queryKey: queryKeys.trial(trialId),
      refetchInterval: (trial) => (trial && trial.status !== 'running' ? false : BUNDLE_POLL_INTERVAL_MS),
    },
  );
}
