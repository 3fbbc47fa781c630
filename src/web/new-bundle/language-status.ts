// What the New bundle screen says of the catalogue's language, from the estimate's answer: the language the
// products were detected in, or, when they tell none (too short, or placeholder text such as lorem ipsum), the
// language the copy falls back to, so the screen names the language the copy will be written in.
import { type CatalogueLanguage, FALLBACK_LANGUAGE } from '../../common/contract/language';
import { languageName } from '../../common/languages/detect-language';

const confidenceNote = (confidence: number | null) =>
  confidence === null ? '' : ` (detected, ${Math.round(confidence * 100)}% sure)`;

/** The status line; `undefined` while the estimate is on its way. */
export function languageStatus(language: CatalogueLanguage | undefined): string {
  if (!language) return 'Detecting the language of the products…';
  const found = language.detected;
  const mix =
    found.length > 1
      ? ` The products mix languages: ${found.map((entry) => `${languageName(entry.language)} (${entry.products})`).join(', ')}.`
      : '';
  if (language.language)
    return `Language of the products: ${languageName(language.language)}${confidenceNote(language.confidence)}.${mix}`;
  return `The products do not tell their language: each product’s copy follows its own text where that is clear, else ${languageName(FALLBACK_LANGUAGE)}. Choose a language below to write every product in it.${mix}`;
}

/** The select's first option, which sends no language: the detected one, else the fallback. */
export const asDetectedLabel = (detected: string | null) =>
  detected ? `${languageName(detected)} (detected)` : `As detected, else ${languageName(FALLBACK_LANGUAGE)}`;
