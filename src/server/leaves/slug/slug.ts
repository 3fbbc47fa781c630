// The one slug of the app: lowercase ASCII words joined by hyphens, with the transliteration a
// product name needs (ß → ss, Cyrillic and Greek spelled in Latin letters, Vietnamese and other accents
// folded, German ä → ae when the copy is German). The URL suggestion, every export's handle and id, and
// the export file names are all spelled by it, so a product's slug reads the same everywhere.
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

// Language-specific spellings applied before accents are folded: German writes ä as ae in URLs.
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
export function toAsciiWords(text: string, language?: string | null): string[] {
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
export function dropStopWords(words: string[]): string[] {
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

/**
 * A file name stem: the text's words, transliterated like a slug but with their capitals kept where a word
 * is plain ASCII already and no stop word dropped ("Summer Linen 2025" → "Summer-Linen-2025"); '' when none.
 */
export function fileNameSlug(text: string, maxLength = 80): string {
  const words = text
    .split(/[^\p{L}\p{N}'’]+/u)
    .flatMap((word) => (/^[A-Za-z0-9]+$/.test(word) ? [word] : toAsciiWords(word)));
  return joinWithinLength(words, maxLength);
}
