// The run's estimate in the run header while the run is going: "about $X" from the prior or the trial its
// workflow won, then "about $X, refined after N products" once the run has measured itself (decision 035).
import { Text } from '@mantine/core';
import type { RunEstimate } from '../../common/contract/functions';
import { formatCost } from '../lib/format-cost';

/** "about $1.20", "about $1.20, from the trial", "about $1.35, refined after 10 products". */
export function estimateText(estimate: RunEstimate): string {
  if (estimate.cost_usd === null) return 'unknown (no price for this model)';
  const about = estimate.cost_usd === 0 ? 'free' : `about ${formatCost(estimate.cost_usd)}`;
  if (estimate.basis === 'run')
    return `${about}, refined after ${estimate.measured_products.toLocaleString('en-US')} products`;
  return estimate.basis === 'trial' ? `${about}, from the trial` : about;
}

export function RunEstimateLine({ estimate }: { estimate: RunEstimate }) {
  return (
    <>
      <Text size="sm" c="dimmed">
        Estimate for the whole run: <strong>{estimateText(estimate)}</strong>
      </Text>
      {estimate.warning && (
        <Text size="sm" c="red">
          {estimate.warning}
        </Text>
      )}
    </>
  );
}
