// A word diff for the Review panel's history and comparisons, by `diff`'s diffArrays over the two texts' words
// and the spaces between them (a word keeps its punctuation, so "heading," is one word), so both texts rebuild
// exactly from the parts and a changed word shows as one removal and one addition. Past MAX_EDITS the diff
// gives up and shows "all removed, all added" rather than stall the page.
import { diffArrays } from 'diff';

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

/** Copy fields are a few hundred words at most; a diff needing more edits than this is no help to read. */
const MAX_EDITS = 5_000;

function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

export function wordDiff(before: string, after: string): DiffPart[] {
  if (before === after) return before ? [{ kind: 'same', text: before }] : [];
  const changes = diffArrays(tokens(before), tokens(after), { maxEditLength: MAX_EDITS });
  if (!changes) {
    return [
      ...(before ? [{ kind: 'removed' as const, text: before }] : []),
      ...(after ? [{ kind: 'added' as const, text: after }] : []),
    ];
  }
  const parts: DiffPart[] = changes
    .filter((change) => change.value.length > 0)
    .map((change) => ({
      kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
      text: change.value.join(''),
    }));
  return groupChanges(parts);
}

/**
 * A run of changes that only spaces hold apart reads as one change: "My own title" against "A new title"
 * shows "My own" removed and "A new" added, rather than word, space, word, each on its own.
 */
function groupChanges(parts: DiffPart[]): DiffPart[] {
  const grouped: DiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    if (removed) grouped.push({ kind: 'removed', text: removed });
    if (added) grouped.push({ kind: 'added', text: added });
    removed = '';
    added = '';
  };
  parts.forEach((part, index) => {
    const isInnerSpace =
      part.kind === 'same' &&
      /^\s+$/.test(part.text) &&
      index > 0 &&
      index < parts.length - 1 &&
      parts[index - 1]!.kind !== 'same' &&
      parts[index + 1]!.kind !== 'same';
    if (isInnerSpace) {
      removed += part.text;
      added += part.text;
    } else if (part.kind === 'removed') {
      removed += part.text;
    } else if (part.kind === 'added') {
      added += part.text;
    } else {
      flush();
      grouped.push(part);
    }
  });
  flush();
  return grouped;
}
