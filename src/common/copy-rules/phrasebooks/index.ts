// The phrasebook of a copy language: "pt-BR" reads Portuguese's, any language without a book the neutral one.
import { primaryLanguage } from '../../languages/detect-language';
import { DE } from './de';
import { EN } from './en';
import { ES } from './es';
import { FR } from './fr';
import { IT } from './it';
import { NEUTRAL } from './neutral';
import { NL } from './nl';
import type { Phrasebook } from './phrasebook';
import { PT } from './pt';
import { RU } from './ru';

export type { FactKey, Phrasebook } from './phrasebook';
export { NEUTRAL };

const BOOKS: Readonly<Record<string, Phrasebook>> = {
  de: DE,
  en: EN,
  es: ES,
  fr: FR,
  it: IT,
  nl: NL,
  pt: PT,
  ru: RU,
};

/** The languages the built-in writer has words of its own for. */
export const PHRASEBOOK_LANGUAGES: readonly string[] = Object.keys(BOOKS);

/** The book for a BCP 47 tag; English when none is given, the neutral book for a language without one. */
export function phrasebookFor(language: string | null | undefined): Phrasebook {
  const primary = primaryLanguage(language ?? '') || 'en';
  return BOOKS[primary] ?? NEUTRAL;
}
