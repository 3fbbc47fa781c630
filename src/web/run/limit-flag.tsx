// Flags on saved copy. The screen shows exactly the problems the server's check stored with the product
// (`product.problems`, from generation/check-copy.ts, measured with common/seo-checks.ts), so it never flags
// what the server passed. `LimitFlag` marks text an editor is typing, measured with the same rules.
import { Badge, Tooltip } from '@mantine/core';
import type { CopyProblem } from '../../common/contract/entities';

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

const LABELS: Record<string, string> = {
  too_long: 'Too long',
  too_short: 'Too short',
  too_wide: 'Over limit',
  empty: 'Empty',
  alt_text_count: 'Alt texts',
  ungrounded: 'Unsupported claim',
  duplicate: 'Repeated',
  variant_unnamed: 'Variant not named',
  variant_singled_out: 'One variant only',
  artefact: 'Placeholder text',
  cut_off: 'Cut off',
  copied_label: 'Store heading',
  off_product: 'Product not named',
  unclean_text: 'Stray characters',
  banned_phrase: 'Banned phrase',
  protected_term: 'Protected term',
};

/** The stored problems of one field: `alt_texts[1]` for the second alt text, `alt_texts` for their count. */
export function problemsOf(
  problems: readonly CopyProblem[] | null | undefined,
  field: string,
): CopyProblem[] {
  return (problems ?? []).filter((problem) => problem.field === field);
}

/** One mark per kind of stored problem on a field, each with the server's message on hover. */
export function ProblemFlags({
  problems,
  field,
}: {
  problems: readonly CopyProblem[] | null | undefined;
  field: string;
}) {
  const own = problemsOf(problems, field);
  if (own.length === 0) return null;
  const kinds = [...new Set(own.map((problem) => problem.code))];
  return (
    <>
      {kinds.map((kind) => {
        const messages = own.filter((problem) => problem.code === kind).map((problem) => problem.message);
        const label = LABELS[kind] ?? 'Check';
        return (
          <Tooltip key={kind} label={messages.join(' ')} multiline w={260} withArrow>
            <Badge
              color="red"
              variant="light"
              size="xs"
              aria-label={`${label}: ${messages.join(' ')}`}
              tabIndex={0}
              data-problem={kind}
            >
              {label}
            </Badge>
          </Tooltip>
        );
      })}
    </>
  );
}
