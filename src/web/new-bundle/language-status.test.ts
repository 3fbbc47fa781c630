import { describe, expect, it } from 'vitest';
import { asDetectedLabel, languageStatus } from './language-status';

describe('the New bundle screen’s language line', () => {
  it('names the detected language, how sure, and a mix', () => {
    expect(
      languageStatus({
        language: 'ru',
        source: 'detected',
        confidence: 0.726,
        detected: [
          { language: 'ru', products: 7 },
          { language: 'sr', products: 2 },
        ],
      }),
    ).toBe(
      'Language of the products: Russian (detected, 73% sure). The products mix languages: Russian (7), Serbian (2).',
    );
    expect(asDetectedLabel('ru')).toBe('Russian (detected)');
  });

  it('names English as the fallback when the products tell no language (lorem ipsum, as the copy is written)', () => {
    const status = languageStatus({ language: null, source: null, confidence: null, detected: [] });
    expect(status).toContain('else English');
    expect(status).not.toMatch(/Latin/);
    expect(asDetectedLabel(null)).toBe('As detected, else English');
  });
});
