// Every phrasebook other than English is free of English: no sentence, connector or label the built-in writer
// takes from it contains a word the wrong-language check reads as English, and each sentence ends in its stop.
import { describe, expect, it } from 'vitest';
import { endsMidPhrase } from '../broken-text';
import { englishWordsFor } from '../wrong-language';
import { NEUTRAL, PHRASEBOOK_LANGUAGES, type Phrasebook, phrasebookFor } from '.';

/** Every question the book's Q&A words ask of a product named `name`. */
function questionsOf(book: Phrasebook, name: string): string[] {
  const { qa } = book;
  const asked = [qa.whatIs, qa.brand, qa.material, qa.dimensions, qa.colour, qa.size, qa.range, qa.purpose];
  return [...asked, qa.details, qa.order].map((ask) => ask(name)).concat(qa.choice(name, 'xoption'));
}

/** Every text a book gives, its templates filled with placeholder words. */
function textsOf(book: Phrasebook): { sentences: string[]; phrases: string[] } {
  const [name, values, brand] = ['Xname', ' Xvalues', 'Xbrand'];
  const sentences = [
    ...book.metaLeads.flatMap((lead) => [lead(name, values, brand), lead(name, values, '')]),
    ...book.metaClosings.map((closing) => closing(name)),
    book.closing(name, false),
    book.closing(name, true),
    ...book.padding,
    ...book.genericSentences,
    book.shopKeyword('xkeyword'),
    book.keywordPick('xkeyword'),
    book.descriptionLead(name, brand),
    book.availableIn(name, 'xvalues', false),
    book.availableIn(name, 'xvalues', true),
    book.rangeLine('xoption', 'xvalues'),
    book.material('xmaterial'),
    book.partOfRange('xrange'),
    book.suitedTo('xuse'),
    ...questionsOf(book, name),
    book.qa.detailsAnswer,
  ].filter((text) => text !== '');
  const phrases = [
    book.withValues('xvalues'),
    book.sizeValue('xsize'),
    ...(book.colourValue ? [book.colourValue('xcolour')] : []),
    book.numberedValue('xoption', '7'),
    book.list(['xa', 'xb', 'xc']),
    book.anotherVersion,
    book.versionPrefix(null),
    book.versionPrefix('xvalues'),
    ...Object.values(book.factLabels),
    ...book.altViews,
    ...book.altSettings,
    book.altBy(brand),
  ];
  return { sentences, phrases };
}

describe('phrasebooks', () => {
  it('has a book for English, German, French, Spanish, Portuguese, Italian, Dutch and Russian', () => {
    expect([...PHRASEBOOK_LANGUAGES].sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pt', 'ru']);
    expect(phrasebookFor('pt-BR').language).toBe('pt');
    expect(phrasebookFor('fr_CA').language).toBe('fr');
    expect(phrasebookFor('ru-RU').language).toBe('ru');
    expect(phrasebookFor(null).language).toBe('en');
    expect(phrasebookFor('pl')).toBe(NEUTRAL);
    expect(phrasebookFor('ja')).toBe(NEUTRAL);
  });

  for (const language of PHRASEBOOK_LANGUAGES.filter((tag) => tag !== 'en')) {
    it(`${language}: no English word in any sentence, connector or label`, () => {
      const english = new Set(englishWordsFor(language));
      const { sentences, phrases } = textsOf(phrasebookFor(language));
      for (const text of [...sentences, ...phrases]) {
        const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
        expect(
          words.filter((word) => english.has(word)),
          `${language}: "${text}"`,
        ).toEqual([]);
      }
    });
  }

  for (const language of PHRASEBOOK_LANGUAGES) {
    it(`${language}: every sentence ends in its stop, every phrase says something`, () => {
      const { sentences, phrases } = textsOf(phrasebookFor(language));
      for (const sentence of sentences) expect(sentence, language).toMatch(/[.!?]$/);
      for (const phrase of phrases) expect(phrase.trim(), language).not.toBe('');
      // An alt text ends with its view: a view ending on a connector ("de", "dos") reads as cut off.
      const book = phrasebookFor(language);
      for (const view of [...book.altViews, ...book.altSettings])
        expect(endsMidPhrase(`Xname, ${view}`, 'title'), `${language}: "${view}"`).toBe(false);
    });
  }

  it('the neutral book adds no word of its own: only the product’s words and punctuation', () => {
    const { sentences, phrases } = textsOf(NEUTRAL);
    for (const text of [...sentences, ...phrases]) {
      const words = text.match(/\p{L}+/gu) ?? [];
      expect(
        words.filter(
          (word) => !/^X?(?:name|values|brand|keyword|option|material|range|use|size|a|b|c)$/i.test(word),
        ),
        text,
      ).toEqual([]);
    }
  });
});
