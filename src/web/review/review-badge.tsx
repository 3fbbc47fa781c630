import { Badge } from '@mantine/core';
import type { ReviewState } from '../../common/contract/entities';

const LOOKS: Record<ReviewState, { color: string; label: string }> = {
  pending: { color: 'gray', label: 'Pending' },
  approved: { color: 'teal', label: 'Approved' },
  rejected: { color: 'red', label: 'Rejected' },
};

/** The product's review state, in words (the colour only repeats them). */
export function ReviewBadge({ state }: { state: ReviewState }) {
  const look = LOOKS[state];
  return (
    <Badge size="sm" variant="light" color={look.color} aria-label={`Review: ${look.label}`}>
      {look.label}
    </Badge>
  );
}
