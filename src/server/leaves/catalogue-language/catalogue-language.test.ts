import { describe, expect, it } from 'vitest';
import { catalogueLanguageOf, givenLanguage, productLanguage, tallyLanguages } from './catalogue-language';

describe('productLanguage', () => {
  it('reads the name and the start of the body', () => {
    expect(productLanguage('Chemise en lin', 'Une chemise légère, coupée dans un lin lavé.').language).toBe(
      'fr',
    );
    expect(productLanguage('XL', null)).toEqual({ language: null, languageConfidence: 0 });
  });
});

describe('catalogueLanguageOf', () => {
  it('is the language most products are in, with its weighed share, and lists every language found', () => {
    const tallies = tallyLanguages([
      { language: 'fr', languageConfidence: 0.9 },
      { language: 'fr', languageConfidence: 0.7 },
      { language: 'en', languageConfidence: 1 },
      { language: null, languageConfidence: 0 },
      {},
    ]);
    expect(catalogueLanguageOf(tallies)).toEqual({
      language: 'fr',
      source: 'detected',
      confidence: 0.533,
      detected: [
        { language: 'fr', products: 2 },
        { language: 'en', products: 1 },
      ],
    });
  });

  it('names no language when no product told one', () => {
    expect(catalogueLanguageOf(tallyLanguages([{ language: null, languageConfidence: 0 }]))).toEqual({
      language: null,
      source: null,
      confidence: null,
      detected: [],
    });
  });

  it('lets a given language win, keeping what was detected', () => {
    const detected = catalogueLanguageOf([{ language: 'fr', products: 3, weight: 3 }]);
    expect(givenLanguage('pt-BR', detected)).toEqual({
      language: 'pt-BR',
      source: 'user',
      confidence: null,
      detected: [{ language: 'fr', products: 3 }],
    });
  });
});
