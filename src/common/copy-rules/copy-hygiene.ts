// Copy that must be about the product and read as clean text: the page title and
// heading name the product, and no field carries an exporter's escape sequence, a control character,
// double-encoded UTF-8 or an empty punctuation fragment.

// Words that name nothing on their own.
const STOP_WORDS = new Set(
  'the and for with from our your this that its new set pack item product products edition version size colour color'.split(
    ' ',
  ),
);

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');

/**
 * The distinctive words of a product's name: three letters or more, not a stop word, not the brand's own
 * words (a title that names only the brand is not about the product) unless nothing else is left.
 */
export function distinctiveNameWords(name: string, brand = ''): string[] {
  const brandWords = new Set(wordsOf(brand));
  const words = [...new Set(wordsOf(name))].filter(
    (word) => [...word].length >= 3 && !STOP_WORDS.has(word) && !/^\d+$/.test(word),
  );
  const withoutBrand = words.filter((word) => !brandWords.has(word));
  return withoutBrand.length > 0 ? withoutBrand : words;
}

/** Whether `text` shares a distinctive word with the name (plural "rings" names "ring"). */
export function namesProduct(text: string, nameWords: readonly string[]): boolean {
  if (nameWords.length === 0) return true;
  const stem = (word: string) => word.replace(/(?:es|s)$/, '');
  const written = new Set(wordsOf(text).map(stem));
  return nameWords.some((word) => written.has(stem(word)));
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const UNCLEAN: [RegExp, string][] = [
  [/\\[nrt]/, 'an escape sequence'],
  [CONTROL, 'a control character'],
  [/Â|â€|Ã[\u0080-\u00bf]/, 'garbled characters (double-encoded UTF-8)'],
  [/[.,;:!?][ \t]+[.,;:](?=\s|$)|(?:^|\n)[ \t]*[.,;:!?][ \t]*(?:\n|$)/, 'an empty punctuation fragment'],
];

/** What makes a text unclean, or null: "\n" written out, a control character, mojibake, ". .". */
export function findUncleanText(text: string): { written: string; what: string } | null {
  for (const [pattern, what] of UNCLEAN) {
    const match = pattern.exec(text);
    if (match) return { written: match[0].trim() || match[0], what };
  }
  return null;
}
