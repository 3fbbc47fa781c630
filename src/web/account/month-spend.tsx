// The Account page's spend on the server's key this calendar month, and the operator's monthly budget
// (USER_MONTHLY_BUDGET_USD): runs pause when the next call could pass it.
import { Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useFunctionQuery } from '../api/use-function-query';
import { formatCost } from '../lib/format-cost';

export function MonthSpend() {
  const spend = useFunctionQuery('view-spend', {}, { queryKey: ['view-spend'] });
  if (!spend.data) return null;
  const { month, spent_usd, reserved_usd, monthly_budget_usd } = spend.data;
  const monthName = new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <Paper withBorder p="lg">
      <Stack gap="xs">
        <Title order={3}>Spend this month</Title>
        <Text size="sm" data-testid="month-spend">
          {formatCost(spent_usd)} on this server's AI key in {monthName}
          {reserved_usd > 0 ? `, ${formatCost(reserved_usd)} of it reserved for calls not yet settled` : ''}
          {monthly_budget_usd === null
            ? '.'
            : ` of your ${formatCost(monthly_budget_usd)} monthly budget. Runs pause before a call could pass it; it renews on the 1st (UTC).`}
        </Text>
        {monthly_budget_usd !== null && monthly_budget_usd > 0 && (
          <Progress
            value={Math.min(100, (spent_usd / monthly_budget_usd) * 100)}
            color={spent_usd >= monthly_budget_usd ? 'red' : 'teal'}
            aria-label="Share of the monthly budget spent"
          />
        )}
      </Stack>
    </Paper>
  );
}
