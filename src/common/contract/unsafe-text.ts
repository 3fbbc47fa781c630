// Text PostgreSQL cannot store: a NUL character (text columns refuse it) or a lone UTF-16 surrogate (it has
// no UTF-8 form). Found here, in the request body, they become a 400 naming the field instead of a 500.

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type UnsafeText = {
  /** Where the string is, as path segments: ['custom_fields', 'keywords'], ['alt_texts', 2, 'alt_text']. */
  path: (string | number)[];
  /** The offending character's index in that string. */
  index: number;
  problem: 'a NUL character' | 'a lone surrogate (broken UTF-16)';
};

// The walk keeps its own stack, and each step points at its parent instead of copying the path: a body nested
// thousands deep (an auth request, which no depth limit guards) is walked in linear time and never overflows
// the call stack. The path is built only for the string that is found.
type Trail = { segment: string | number; parent: Trail | null } | null;
type Step = { value: unknown; trail: Trail };

const pathOf = (trail: Trail): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let at = trail; at; at = at.parent) path.push(at.segment);
  return path.reverse();
};

function unsafeIn(text: string, trail: Trail): UnsafeText | null {
  const match = UNSAFE.exec(text);
  if (!match) return null;
  return {
    path: pathOf(trail),
    index: match.index,
    problem: match[0] === '\u0000' ? 'a NUL character' : 'a lone surrogate (broken UTF-16)',
  };
}

/** The first unsafe string in a parsed JSON value (keys included), depth first, or null. */
export function findUnsafeText(value: unknown, path: (string | number)[] = []): UnsafeText | null {
  let root: Trail = null;
  for (const segment of path) root = { segment, parent: root };
  const stack: Step[] = [{ value, trail: root }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const { value: current, trail } = step;
    if (typeof current === 'string') {
      const found = unsafeIn(current, trail);
      if (found) return found;
    } else if (Array.isArray(current)) {
      // Pushed last to first, so that the first item is looked at first.
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], trail: { segment: i, parent: trail } });
    } else if (current && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        const at = { segment: key, parent: trail };
        stack.push({ value: item, trail: at }, { value: key, trail: at });
      }
    }
  }
  return null;
}

/** custom_fields.keywords, alt_texts[2].alt_text */
export function formatPath(path: (string | number)[]): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}
