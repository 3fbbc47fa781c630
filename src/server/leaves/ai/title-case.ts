// Store titles written in capitals ("MULTI CIRCLE INTERWINE SILVER RING") read as shouting in a title or
// heading; the built-in writer recases them as the copy's language writes titles (title case in English and
// German, sentence case in French, Spanish, Portuguese, Italian, Dutch and Russian), keeping protected terms and the
// brand as spelt.
import type { Phrasebook } from '../../../common/copy-rules/phrasebooks';

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/** Whether a name is written in capitals: no lower-case letter and at least two upper-case words. */
export function isAllCaps(name: string): boolean {
  return !/\p{Ll}/u.test(name) && (name.match(/\p{Lu}{2,}/gu) ?? []).length >= 2;
}

type NameCase = Pick<Phrasebook, 'nameCase' | 'smallWords'>;
const ENGLISH_CASE: NameCase = { nameCase: 'title', smallWords: [...SMALL_WORDS] };

function titleCaseWord(word: string, isFirst: boolean, book: NameCase = ENGLISH_CASE): string {
  const lower = word.toLowerCase();
  if (!isFirst && book.smallWords.includes(lower)) return lower;
  // A number with its unit ("65MM", "18CT") keeps the number and writes the unit small.
  if (/^\d/.test(word)) return lower;
  // Two-letter codes that are no English word ("EP", "BR") stay as written.
  if ([...word].length <= 2 && !SMALL_WORDS.has(lower) && !['my', 'up', 'no', 'it', 'is'].includes(lower))
    return word;
  // In sentence case only the first word starts with a capital.
  if (!isFirst && book.nameCase === 'sentence') return lower;
  return lower.replace(
    /(^|[-'’/])(\p{L})/gu,
    (_, before: string, letter: string) => before + letter.toUpperCase(),
  );
}

/**
 * The name in title case when the store wrote it in capitals, with each of `keep` (protected terms, the
 * brand) spelt as given wherever it appears; any other name as it is.
 */
export function titleCaseName(
  name: string,
  keep: readonly string[] = [],
  book: NameCase = ENGLISH_CASE,
): string {
  if (!isAllCaps(name) || book.nameCase === 'keep') return name;
  let index = 0;
  let result = name.replace(/[^\s–—|]+/gu, (word) => titleCaseWord(word, index++ === 0, book));
  for (const term of keep.map((t) => t.trim()).filter(Boolean)) {
    const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    result = result.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu'), term);
  }
  return result;
}
