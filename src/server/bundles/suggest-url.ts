// URL suggestions (DESIGN.md, generation pipeline): a lowercase ASCII hyphenated path built from the
// bundle's URL template, and a level telling the user whether the product's current URL needs attention.
import type { UrlSuggestionLevel } from '../../common/entities';

/** Words that carry no search value in a URL. Dropped unless nothing else is left. */
export const URL_STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'nor',
  'but',
  'of',
  'for',
  'with',
  'in',
  'into',
  'on',
  'onto',
  'to',
  'by',
  'at',
  'from',
  'as',
  'is',
  'are',
  'it',
  'its',
]);

// Letters that NFKD does not split into a base letter and a mark.
const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
};

// Cyrillic and Greek letters spelled in Latin letters (common, readable transliterations), so a product named
// in Russian, Ukrainian or Greek gets words in its URL instead of nothing.
const SCRIPT_LETTERS: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};
const SCRIPT_LETTER = /[\u0370-\u03ff\u0400-\u04ff]/g;

// Language-specific spellings applied before accents are folded: German writes ä as ae in URLs (issue 13).
const LANGUAGE_FOLDS: Record<string, [RegExp, Record<string, string>]> = {
  de: [/[äöü]/g, { ä: 'ae', ö: 'oe', ü: 'ue' }],
  da: [/[å]/g, { å: 'aa' }],
  nb: [/[å]/g, { å: 'aa' }],
  no: [/[å]/g, { å: 'aa' }],
};

/** The fold of a BCP 47 tag's language ("de-AT" → de's), if it has one. */
function languageFold(language: string | null | undefined) {
  return language ? LANGUAGE_FOLDS[language.toLowerCase().split('-')[0]!] : undefined;
}

// Plain ASCII has nothing to fold, and skipping NFKD for it keeps a 20,000-row import's URL suggestions fast.
const NON_ASCII = /[\u0080-\uffff]/;

/** Lowercase ASCII words of a text: accents folded, `&` read as "and", apostrophes closed up. */
function toAsciiWords(text: string, language?: string | null): string[] {
  const lower = text.toLowerCase();
  const fold = NON_ASCII.test(lower) ? languageFold(language) : undefined;
  const ascii = NON_ASCII.test(lower)
    ? (fold ? lower.replace(fold[0], (letter) => fold[1][letter] ?? letter) : lower)
        // Before NFKD, which would split й into и and a mark; accented Greek letters come after it.
        .replace(SCRIPT_LETTER, (letter) => SCRIPT_LETTERS[letter] ?? letter)
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .replace(/[ßæøœđðþłı]/g, (letter) => LETTER_FOLDS[letter] ?? '')
        .replace(SCRIPT_LETTER, (letter) => SCRIPT_LETTERS[letter] ?? '')
    : lower;
  const folded = ascii
    .replace(/&/g, ' and ')
    // "Men's" reads better as mens than as men-s.
    .replace(/['’‘`]/g, '');
  return folded.split(/[^a-z0-9]+/).filter(Boolean);
}

/** Drops stop words, unless that leaves nothing ("The The" stays "the-the"). */
function dropStopWords(words: string[]): string[] {
  const kept = words.filter((word) => !URL_STOP_WORDS.has(word));
  return kept.length > 0 ? kept : words;
}

/** Joins words with hyphens, stopping at the last whole word that fits; a lone longer word is cut. */
function joinWithinLength(words: string[], maxLength: number): string {
  let slug = '';
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`;
    if (next.length > maxLength) {
      return slug === '' ? word.slice(0, maxLength) : slug;
    }
    slug = next;
  }
  return slug;
}

/**
 * A URL slug: lowercase ASCII, accents folded (ß→ss, æ→ae, ø→o, œ→oe), `&` as "and", other symbols
 * dropped, English stop words removed unless that leaves nothing, hyphen-separated, and cut at a word
 * boundary to `maxLength`. Because "and" is a stop word, "Salt & Pepper" and "Salt and Pepper" both give
 * "salt-pepper"; "&" alone gives "and".
 */
export function slugify(text: string, maxLength = 80, language?: string | null): string {
  return joinWithinLength(dropStopWords(toAsciiWords(text, language)), maxLength);
}

/** The template used when a bundle has none. */
export const DEFAULT_URL_TEMPLATE = '/{{keywords}}-{{variants}}';
const MAX_SEGMENT_LENGTH = 80;

export type SuggestUrlInput = {
  /** The bundle's URL template; empty means DEFAULT_URL_TEMPLATE. */
  template: string;
  /** The product's details (product_name, brand, colour, size, dimensions, url, description...). */
  product: Record<string, string | null | undefined>;
  /** The bundle's primary keywords: phrases separated by commas, semicolons or new lines. */
  keywords: string;
  /** The copy's BCP 47 language (a workflow's `language`): its own spellings (German ä → ae) in the slug. */
  language?: string | null;
};

export type UrlSuggestion = { url_suggestion: string; url_suggestion_level: UrlSuggestionLevel };

const value = (product: SuggestUrlInput['product'], key: string): string => product[key]?.trim() ?? '';

/**
 * The words {{keywords}} stands for, most important first, so that a long segment loses its tail:
 * 1. the product name;
 * 2. the first bundle keyword phrase whose every word the product's name or description already uses
 *    (a URL never claims what the product data does not say), adding only its new words;
 * 3. the brand's words that are not already there.
 */
function keywordWords(
  product: SuggestUrlInput['product'],
  keywords: string,
  language?: string | null,
): string[] {
  const words = dropStopWords(toAsciiWords(value(product, 'product_name'), language));
  const seen = new Set(words);
  // The description is the longest text of a product: only read when there is a keyword phrase to test.
  let productWords: Set<string> | undefined;
  const relevant = keywords
    .split(/[,;\n]+/)
    .map((phrase) => dropStopWords(toAsciiWords(phrase, language)))
    .find((phrase) => {
      if (phrase.length === 0) return false;
      productWords ??= new Set([...seen, ...toAsciiWords(value(product, 'description'), language)]);
      return phrase.every((word) => productWords!.has(word));
    });
  for (const word of [
    ...(relevant ?? []),
    ...dropStopWords(toAsciiWords(value(product, 'brand'), language)),
  ]) {
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  return words;
}

/** The words {{variants}} stands for: colour, size and dimensions values, without words already used. */
function variantWords(
  product: SuggestUrlInput['product'],
  used: ReadonlySet<string>,
  language?: string | null,
): string[] {
  const words: string[] = [];
  for (const key of ['colour', 'size', 'dimensions']) {
    for (const word of toAsciiWords(value(product, key), language)) {
      if (!used.has(word) && !words.includes(word)) words.push(word);
    }
  }
  return words;
}

const PLACEHOLDER = /\{\{\s*(keywords|variants)\s*\}\}/g;

/** One template segment with its placeholders filled, slugified, and within the length limit. */
function fillSegment(segment: string, keywords: string[], variants: string[]): string {
  const render = (keywordCount: number) =>
    slugify(
      segment.replace(
        PLACEHOLDER,
        (_match, name: string) =>
          ` ${(name === 'keywords' ? keywords.slice(0, keywordCount) : variants).join(' ')} `,
      ),
      Number.POSITIVE_INFINITY,
    );
  // Too long: shorten the keywords from their tail, because the variant words are what set a product
  // apart from its siblings.
  let keywordCount = keywords.length;
  let slug = render(keywordCount);
  while (slug.length > MAX_SEGMENT_LENGTH && keywordCount > 1) {
    keywordCount -= 1;
    slug = render(keywordCount);
  }
  return slug.length > MAX_SEGMENT_LENGTH ? slugify(slug, MAX_SEGMENT_LENGTH) : slug;
}

/** The path of a template or URL: scheme, host, query and fragment removed. */
function pathOf(url: string): string {
  const withoutOrigin = url.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return withoutOrigin.replace(/[?#].*$/, '');
}

function lastSegment(path: string): string {
  const segments = pathOf(path)
    .split('/')
    .filter((segment) => segment.trim() !== '');
  const last = segments.at(-1) ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Same words (as a multiset) in a different order. */
function isReordered(current: string[], suggested: string[]): boolean {
  if (current.length !== suggested.length || current.join('-') === suggested.join('-')) return false;
  const sort = (words: string[]) => [...words].sort().join('-');
  return sort(current) === sort(suggested);
}

/**
 * Suggests a URL path for a product. Placeholders: `{{keywords}}` (the product name, then a bundle
 * keyword phrase the product's data already uses, then the brand's words) and `{{variants}}` (colour,
 * size and dimensions values not already in the keywords). Each segment is slugified; empty segments and
 * dangling hyphens go; the result starts with `/` and has no trailing slash.
 *
 * Level: `missing` when the product has no URL; `order` when its current URL's last segment holds the
 * same words as the suggestion's last segment in another order; `''` otherwise.
 */
export function suggestUrl(input: SuggestUrlInput): UrlSuggestion {
  const template = input.template.trim() === '' ? DEFAULT_URL_TEMPLATE : input.template;
  const keywords = keywordWords(input.product, input.keywords, input.language);
  const variants = variantWords(input.product, new Set(keywords), input.language);
  const segments = pathOf(template)
    .split('/')
    .map((segment) => fillSegment(segment, keywords, variants))
    .filter((segment) => segment !== '');
  const urlSuggestion = `/${segments.join('/')}`;

  const currentUrl = value(input.product, 'url');
  if (currentUrl === '') return { url_suggestion: urlSuggestion, url_suggestion_level: 'missing' };
  const current = dropStopWords(toAsciiWords(lastSegment(currentUrl)));
  const suggested = (segments.at(-1) ?? '').split('-').filter(Boolean);
  return {
    url_suggestion: urlSuggestion,
    url_suggestion_level: isReordered(current, suggested) ? 'order' : '',
  };
}
