import { describe, expect, it } from 'vitest';
import { detectLanguage, languageName, primaryLanguage } from './detect-language';

describe('detectLanguage', () => {
  it('names the language of short product text', () => {
    expect(detectLanguage('Chemise à manches courtes en coton bio').language).toBe('fr');
    expect(detectLanguage('Camiseta de algodão com gola redonda').language).toBe('pt');
    expect(detectLanguage('Wasserdichte Wanderjacke für Damen').language).toBe('de');
    expect(detectLanguage('Футболка из хлопка с круглым вырезом').language).toBe('ru');
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
