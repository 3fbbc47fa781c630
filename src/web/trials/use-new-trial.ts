// The new-trial form: the workflows to compare (two to four, each once), the sample's size and an optional cap;
// starting it opens the trial's screen.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TRIAL_LIMITS } from '../../common/contract/functions';
import { useFunctionMutation } from '../api/use-function-mutation';

const { minWorkflows, maxWorkflows, defaultSample } = TRIAL_LIMITS;

/** Why the picked workflows cannot be tried yet; null when they can. */
export function workflowPickError(picked: readonly string[]): string | null {
  if (picked.length < minWorkflows) return `Pick at least ${minWorkflows} workflows to compare.`;
  if (picked.length > maxWorkflows) return `Pick at most ${maxWorkflows} workflows.`;
  return null;
}

export function useNewTrial(bundleId: number) {
  const navigate = useNavigate();
  const [picked, setPicked] = useState<string[]>([]);
  const [sampleSize, setSampleSize] = useState<number | string>(defaultSample);
  const [cap, setCap] = useState<number | string>('');
  // The pick's error shows once the user has tried to start, not while they are still choosing.
  const [triedToStart, setTriedToStart] = useState(false);
  const start = useFunctionMutation('start-trial', {
    errorTitle: 'Could not start the trial',
    onSuccess: (data) => navigate(`/trial/${data.trial_id}`),
  });
  const pickError = workflowPickError(picked);
  const submit = () => {
    setTriedToStart(true);
    if (pickError !== null || typeof sampleSize !== 'number') return;
    start.mutate({
      bundle_id: bundleId,
      workflow_ids: picked.map(Number),
      sample_size: sampleSize,
      ...(typeof cap === 'number' ? { spending_cap_usd: cap } : {}),
    });
  };
  return {
    picked,
    setPicked,
    sampleSize,
    setSampleSize,
    cap,
    setCap,
    pickError: triedToStart ? pickError : null,
    submit,
    isStarting: start.isPending,
  };
}
