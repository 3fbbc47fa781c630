import { Badge, Tooltip } from '@mantine/core';

/** A visible mark on a field over Google's limits; the reason shows on hover and to screen readers. */
export function LimitFlag({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <Tooltip label={problem} multiline w={260} withArrow>
      <Badge color="red" variant="light" size="xs" aria-label={`Over the limit: ${problem}`} tabIndex={0}>
        Over limit
      </Badge>
    </Tooltip>
  );
}
