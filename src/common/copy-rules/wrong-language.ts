// Copy in another language than the one it is written for: a field a model answered in English although the
// prompt asked for French, or English template words spliced around a store's own French sentences ("Meet the
// <nom>, ready to order online"). Two signals, each on its own enough: English function and template words
// in copy of another language (words the product's own data uses do not count, nor protected terms), and a
// long field whose language the detector reads, with confidence, as another one.
import { detectLanguage, primaryLanguage } from '../languages/detect-language';
import { functionWordHits, functionWordLanguage } from '../languages/function-words';

// Words that give English away: function words and the words of English shop templates. Short words that are
// also words of the languages stores write in ("in", "a", "an", "on", "or", "die", "also") are left out.
const ENGLISH_WORDS = [
  'the',
  'from',
  'available',
  'order',
  'online',
  'today',
  'our',
  'with',
  'and',
  'your',
  'this',
  'that',
  'for',
  'of',
  'is',
  'are',
  'by',
  'meet',
  'find',
  'more',
  'discover',
  'browse',
  'basket',
  'every',
  'looking',
  'ready',
  'choose',
  'now',
  'shop',
];

// The words of that list each language uses itself: German and Dutch say "online" and "Shop", Dutch "is" and
// "of", Italian "more" and "are".
const OWN_WORDS: Readonly<Record<string, readonly string[]>> = {
  de: ['online', 'shop'],
  nl: ['online', 'shop', 'is', 'of'],
  it: ['online', 'shop', 'more', 'are'],
  fr: ['are', 'shop'],
  es: ['shop'],
  pt: ['shop'],
};

/** Fewer letters than this are too few for the detector to say a field is in another language. */
const MIN_DETECT_LETTERS = 80;
/** The detector's confidence needed to call a field another language. */
const MIN_DETECT_CONFIDENCE = 0.9;

const wordsOf = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];

/** What is wrong with a field's language, or null: the English words found, or the language it reads as. */
export type WrongLanguage = { englishWords: string[] } | { readsAs: string };

/**
 * Whether `text` is not in `language`: English words in copy that is not English, or a long text the detector
 * reads as another language. `ownText` is the product's own data (its words may appear in any language), and
 * `keep` the workflow's protected terms.
 */
export function findWrongLanguage(
  text: string,
  language: string,
  ownText: string,
  keep: readonly string[] = [],
): WrongLanguage | null {
  const primary = primaryLanguage(language);
  if (primary === '') return null;
  const foreign = foreignSentence(text, primary);
  if (foreign) return { readsAs: foreign };
  if (primary === 'en') return null;
  const allowed = new Set([...wordsOf(ownText), ...keep.flatMap(wordsOf), ...(OWN_WORDS[primary] ?? [])]);
  const english = new Set(ENGLISH_WORDS.filter((word) => !allowed.has(word)));
  const found = [...new Set(wordsOf(text).filter((word) => english.has(word)))];
  if (found.length > 0) return { englishWords: found };
  return readsAsAnother(text, primary, ownText);
}

/**
 * In English copy, the language of a sentence that uses another language's function words and no English one:
 * a store's French sentence quoted in the English copy of a run's further language, whatever the product's
 * own data is written in. Only for English: the other languages' function words overlap too much in short
 * sentences (Dutch "de" and "en" are French and Spanish words too) to judge one sentence by them; their copy
 * has the English-word check and the detector.
 */
function foreignSentence(text: string, primary: string): string | null {
  if (primary !== 'en') return null;
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const english = functionWordHits(sentence).find((entry) => entry.language === 'en')?.hits ?? 0;
    const language = functionWordLanguage(sentence);
    if (english === 0 && language !== null && language !== 'en') return language;
  }
  return null;
}

/**
 * A long text the detector is sure is in another language than `primary` and than the product's own data. Only
 * the copy's own words are read: a long store name inside a short question ("Где найти все характеристики
 * товара «Комбинезон … slavno из кружева»?") would otherwise be read, not the question (tinyld calls that
 * Serbian), and the name may be in any language.
 */
function readsAsAnother(text: string, primary: string, ownText: string): WrongLanguage | null {
  const own = new Set(wordsOf(ownText));
  const copyWords = (text.match(/\p{L}+/gu) ?? []).filter((word) => !own.has(word.toLowerCase()));
  if (copyWords.join('').length < MIN_DETECT_LETTERS) return null;
  const detected = detectLanguage(copyWords.join(' '));
  if (!detected.language || detected.confidence < MIN_DETECT_CONFIDENCE) return null;
  if (detected.language === primary) return null;
  // The store's own sentences, reused as they are, may be in the language they were written in.
  if (detectLanguage(ownText).language === detected.language) return null;
  return { readsAs: detected.language };
}

/** The English words the check looks for in copy of `language` (for tests and the phrasebooks' own check). */
export function englishWordsFor(language: string): string[] {
  const own = new Set(OWN_WORDS[primaryLanguage(language)] ?? []);
  return ENGLISH_WORDS.filter((word) => !own.has(word));
}
