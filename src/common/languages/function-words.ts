// The language of a text by its function words, for the languages the built-in writer has phrasebooks for.
// The trigram detector (detect-language.ts) misreads short English product text ("Turquoise globe earrings on
// 14k gold hooks." reads as French, sure of it) and Lorem ipsum as Latin; articles, prepositions and pronouns
// say more about a shop's sentences. Words shared with Latin ("et", "est", "in", "non") are left out.
const FUNCTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: ['the', 'and', 'with', 'for', 'this', 'your', 'our', 'is', 'are', 'to', 'from', 'that', 'it', 'you'],
  de: [
    'der',
    'die',
    'das',
    'und',
    'mit',
    'für',
    'ist',
    'ein',
    'eine',
    'dein',
    'deine',
    'von',
    'auf',
    'nicht',
    'sich',
    'wir',
    'dem',
    'den',
    'ihr',
    'sie',
  ],
  fr: [
    'le',
    'la',
    'les',
    'des',
    'du',
    'une',
    'pour',
    'avec',
    'dans',
    'vous',
    'votre',
    'sur',
    'qui',
    'au',
    'aux',
    'ce',
    'cette',
    'nous',
  ],
  es: [
    'el',
    'los',
    'las',
    'una',
    'para',
    'con',
    'por',
    'del',
    'que',
    'es',
    'tu',
    'su',
    'y',
    'muy',
    'más',
    'esta',
    'este',
  ],
  pt: [
    'o',
    'os',
    'as',
    'uma',
    'para',
    'com',
    'por',
    'do',
    'da',
    'dos',
    'das',
    'não',
    'que',
    'é',
    'seu',
    'sua',
    'em',
    'no',
    'na',
    'você',
  ],
  // Not "per": lorem ipsum says it often ("per inceptos himenaeos").
  it: [
    'il',
    'gli',
    'della',
    'del',
    'con',
    'che',
    'è',
    'una',
    'di',
    'nel',
    'alla',
    'questo',
    'questa',
    'sono',
  ],
  nl: [
    'de',
    'het',
    'een',
    'en',
    'van',
    'voor',
    'met',
    'is',
    'op',
    'je',
    'jouw',
    'niet',
    'dit',
    'deze',
    'zijn',
  ],
};

/** The fewest function words that name a language, and how far ahead of the next it must be. */
const MIN_HITS = 3;
const MIN_LEAD = 2;

/** How many of each language's function words the text uses, most first. */
export function functionWordHits(text: string): { language: string; hits: number }[] {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  return Object.entries(FUNCTION_WORDS)
    .map(([language, list]) => ({ language, hits: words.filter((word) => list.includes(word)).length }))
    .sort((a, b) => b.hits - a.hits);
}

/** The language whose function words the text uses most, clearly ahead of the next; null when none is. */
export function functionWordLanguage(text: string): string | null {
  const scores = functionWordHits(text);
  const [best, next] = scores;
  if (!best || best.hits < MIN_HITS || best.hits < MIN_LEAD * (next?.hits ?? 0)) return null;
  return best.language;
}
