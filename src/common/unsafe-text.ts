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

/** The first unsafe string in a parsed JSON value (keys included), depth first, or null. */
export function findUnsafeText(value: unknown, path: (string | number)[] = []): UnsafeText | null {
  if (typeof value === 'string') {
    const match = UNSAFE.exec(value);
    if (!match) return null;
    return {
      path,
      index: match.index,
      problem: match[0] === '\u0000' ? 'a NUL character' : 'a lone surrogate (broken UTF-16)',
    };
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findUnsafeText(key, [...path, key]) ?? findUnsafeText(item, [...path, key]);
      if (found) return found;
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
