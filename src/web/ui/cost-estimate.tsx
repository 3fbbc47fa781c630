// The cost preview, on the new-bundle form and before a run of another workflow starts: the
// tokens and dollars it should take, worked out on the server with the run's own prompts, tokenizer and
// pricing.
import { Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { FunctionRequest } from '../../common/contract/functions';
import { describeError } from '../api/invoke';
import { queryKeys } from '../api/query-keys';
import { useFunctionQuery } from '../api/use-function-query';
import { formatCost } from '../lib/format-cost';

const tokens = (count: number) => count.toLocaleString('en-US');

/**
 * The estimate for `request`, asked once it has stayed the same a moment (typing in the list would otherwise
 * ask on every keystroke); every part of a screen that reads it shares the one answer. `debounced` is the
 * request the answer is for.
 */
export function useEstimate(request: FunctionRequest<'estimate-cost'> | null) {
  const [debounced] = useDebouncedValue(request, 600);
  const queryKey = debounced ? queryKeys.costEstimate(debounced) : ['estimate-cost'];
  const estimate = useFunctionQuery('estimate-cost', debounced, { queryKey, staleTime: 60_000 });
  return { estimate, debounced };
}

export function CostEstimate({ request }: { request: FunctionRequest<'estimate-cost'> | null }) {
  const { estimate, debounced } = useEstimate(request);

  if (request === null) return null;
  if (estimate.isPending || debounced !== request) {
    return (
      <Text size="sm" c="dimmed" role="status">
        <Loader size={12} mr={6} color="gray.4" />
        Estimating the cost…
      </Text>
    );
  }
  if (estimate.isError) {
    return (
      <Text size="sm" c="dimmed" role="status">
        No estimate yet: {describeError(estimate.error.failure)}
      </Text>
    );
  }
  const { cost_usd, products, prompt_tokens, completion_tokens, model, repair_rate, tokenizer, sampled } =
    estimate.data;
  const price =
    cost_usd === null ? 'unknown: no price is known for this model' : `about ${formatCost(cost_usd)}`;
  const repairs =
    repair_rate && cost_usd !== 0
      ? `, repairs included at ${Math.round(repair_rate * 100)}% of products`
      : '';
  return (
    <Text size="sm" role="status" aria-label="Estimated cost">
      Estimated cost: <strong>{cost_usd === 0 ? 'free' : price}</strong> for{' '}
      {products.toLocaleString('en-US')} {products === 1 ? 'product' : 'products'} ({tokens(prompt_tokens)}{' '}
      prompt + {tokens(completion_tokens)} completion tokens, {model}
      {repairs}).
      {tokenizer?.stands_in && ` ${tokenizer.note}`}
      {sampled !== undefined &&
        sampled < products &&
        ` Prompts counted for ${sampled.toLocaleString('en-US')} evenly chosen products and scaled.`}
      {cost_usd === null &&
        " Set a price on the workflow (Workflows). Until then a spending cap counts this model's tokens at the dearest known price (gpt-4's $30 in / $60 out per million)."}
    </Text>
  );
}
