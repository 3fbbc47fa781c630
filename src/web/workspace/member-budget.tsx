// A member's own monthly budget in this workspace: an owner sets it (saved when the field is left), everyone
// else reads it. Empty means the server's default per member.
import { NumberInput, Text } from '@mantine/core';
import { useState } from 'react';
import type { FunctionResponse } from '../../common/contract/functions';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';

type Member = FunctionResponse<'list-members'>['members'][number];

export function MemberBudget({ member, canEdit }: { member: Member; canEdit: boolean }) {
  const [value, setValue] = useState<number | string>(member.monthly_budget_usd ?? '');
  const save = useFunctionMutation('set-member', {
    errorTitle: 'Could not change the budget',
    invalidates: [queryKeys.members(), queryKeys.auditEvents()],
  });
  if (!canEdit) {
    return (
      <Text size="sm">
        {member.monthly_budget_usd === null ? 'Default' : `$${member.monthly_budget_usd}`}
      </Text>
    );
  }
  const commit = () => {
    const budget = typeof value === 'number' ? value : null;
    if (budget !== member.monthly_budget_usd)
      save.mutate({ user_id: member.user_id, monthly_budget_usd: budget });
  };
  return (
    <NumberInput
      size="xs"
      w={110}
      aria-label={`Monthly budget of ${member.name} (USD)`}
      placeholder="Default"
      min={0.01}
      max={1_000_000}
      decimalScale={2}
      prefix="$"
      value={value}
      onChange={setValue}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      disabled={save.isPending}
    />
  );
}
