import { describe, expect, it } from 'vitest';
import { detectLanguage, isStoreLanguage, languageName, primaryLanguage } from './detect-language';

describe('detectLanguage', () => {
  it('names the language of short product text', () => {
    expect(detectLanguage('Chemise à manches courtes en coton bio').language).toBe('fr');
    expect(detectLanguage('Camiseta de algodão com gola redonda').language).toBe('pt');
    expect(detectLanguage('Wasserdichte Wanderjacke für Damen').language).toBe('de');
    expect(detectLanguage('Футболка из хлопка с круглым вырезом').language).toBe('ru');
  });

  it('names no language no store sells in: lorem ipsum is placeholder text, not Latin copy', () => {
    // WooCommerce's sample products: an English name, a lorem ipsum body (tinyld: Latin, 0.95 sure).
    const sample =
      'Album. Lorem ipsum dolor sit amet, consectetur adipiscing elit. Vestibulum tortor quam, feugiat vitae, ultricies eget, tempor sit amet, ante.';
    expect(detectLanguage(sample)).toEqual({ language: null, confidence: 0 });
    expect(
      detectLanguage('La rapida bruna vulpo saltas super la pigra hundo kaj la kato dormas en la domo.'),
    ).toEqual({ language: null, confidence: 0 });
    expect(['la', 'eo', 'vo', 'tlh', 'LA'].filter(isStoreLanguage)).toEqual([]);
    expect(['en', 'ru', 'pt-BR', 'it'].every(isStoreLanguage)).toBe(true);
  });

  it('names no language for text too short to tell', () => {
    expect(detectLanguage('XL').language).toBeNull();
    expect(detectLanguage('123 456').language).toBeNull();
  });
});

describe('language tags', () => {
  it('names a tag and reads its primary subtag', () => {
    expect(languageName('pt-BR')).toBe('Brazilian Portuguese');
    expect(languageName('fr')).toBe('French');
    expect(primaryLanguage('pt_BR')).toBe('pt');
  });
});
