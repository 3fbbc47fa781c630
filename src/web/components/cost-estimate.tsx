// The cost preview (issue 6): before a run starts, the tokens and dollars it should take, worked out on the
// server with the run's own prompts, tokenizer and pricing.
import { Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { FunctionRequest } from '../../common/functions';
import { formatCost } from '../lib/format-cost';
import { describeError, invoke } from '../lib/invoke';

const tokens = (count: number) => count.toLocaleString('en-US');

export function CostEstimate({ request }: { request: FunctionRequest<'estimate-cost'> | null }) {
  // Typing in the list would otherwise ask for an estimate on every keystroke.
  const [debounced] = useDebouncedValue(request, 600);
  const estimate = useQuery({
    queryKey: ['estimate-cost', debounced],
    enabled: debounced !== null,
    queryFn: async ({ signal }) => {
      const result = await invoke('estimate-cost', debounced!, { signal });
      if (result.error) throw new Error(describeError(result.error));
      return result.data;
    },
    retry: false,
    staleTime: 60_000,
  });

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
        No estimate yet: {estimate.error.message}
      </Text>
    );
  }
  const { cost_usd, products, prompt_tokens, completion_tokens, model } = estimate.data;
  const price = cost_usd === null ? 'no price is known for this model' : `about ${formatCost(cost_usd)}`;
  return (
    <Text size="sm" role="status" aria-label="Estimated cost">
      Estimated cost: <strong>{cost_usd === 0 ? 'free' : price}</strong> for{' '}
      {products.toLocaleString('en-US')} {products === 1 ? 'product' : 'products'} ({tokens(prompt_tokens)}{' '}
      prompt + {tokens(completion_tokens)} completion tokens, {model}).
    </Text>
  );
}
