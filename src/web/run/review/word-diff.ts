// A word diff for the Review panel's history and comparisons: the longest common subsequence of the two
// texts' words (and the spaces between them), so that a changed word shows as one removal and one addition.
// Copy fields are short (a description is a few hundred words), so the quadratic table stays small; past
// MAX_CELLS the diff falls back to "all removed, all added" rather than stall the page.

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

const MAX_CELLS = 1_000_000;

function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

function pushPart(parts: DiffPart[], kind: DiffPart['kind'], text: string) {
  const last = parts.at(-1);
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

export function wordDiff(before: string, after: string): DiffPart[] {
  if (before === after) return before ? [{ kind: 'same', text: before }] : [];
  const a = tokens(before);
  const b = tokens(after);
  if ((a.length + 1) * (b.length + 1) > MAX_CELLS) {
    return [
      ...(before ? [{ kind: 'removed' as const, text: before }] : []),
      ...(after ? [{ kind: 'added' as const, text: after }] : []),
    ];
  }
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      pushPart(parts, 'same', a[i]!);
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      pushPart(parts, 'removed', a[i++]!);
    } else {
      pushPart(parts, 'added', b[j++]!);
    }
  }
  while (i < a.length) pushPart(parts, 'removed', a[i++]!);
  while (j < b.length) pushPart(parts, 'added', b[j++]!);
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
