// The language of a product's text, and of a whole catalogue. tinyld reads short text (a product name, a
// one-line body) better than the trigram detectors, and names languages by their ISO 639-1 code, which is
// also the BCP 47 primary subtag the rest of the app writes. See docs/decisions for the comparison.
import { detectAll } from 'tinyld';

export type DetectedLanguage = {
  /** The BCP 47 primary language subtag (`fr`, `pt`), or null when the text says too little. */
  language: string | null;
  /** 0–1: the best language's share of the candidates' scores; under MIN_CONFIDENCE the language is null. */
  confidence: number;
};

/** Under this the text is too short or too mixed to name a language. */
export const MIN_CONFIDENCE = 0.3;
/** tinyld's scores are not probabilities: the best is weighed against the next few. */
const CANDIDATES = 3;
/** Fewer letters than this say nothing reliable about a language. */
const MIN_LETTERS = 8;

/**
 * Languages tinyld can name that no store sells in: Latin (ISO 639-3 type "ancient") and Esperanto, Volapük and
 * Klingon ("constructed"). Text that reads as one is placeholder text (WooCommerce's sample products are lorem
 * ipsum, which tinyld reads as Latin), so it tells no language, and the copy falls back as for text too short.
 */
const NO_STORE_LANGUAGES: ReadonlySet<string> = new Set(['la', 'eo', 'vo', 'tlh']);

/** Whether copy could be meant for shoppers in this language (a living, natural one). */
export const isStoreLanguage = (tag: string) => !NO_STORE_LANGUAGES.has(primaryLanguage(tag));

/** The language of one text (a name, a body, a field of copy); never one no store sells in. */
export function detectLanguage(text: string): DetectedLanguage {
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length < MIN_LETTERS) return { language: null, confidence: 0 };
  const candidates = detectAll(text).slice(0, CANDIDATES);
  const best = candidates[0];
  const total = candidates.reduce((sum, candidate) => sum + candidate.accuracy, 0);
  const confidence = best && total > 0 ? best.accuracy / total : 0;
  if (!best || confidence < MIN_CONFIDENCE) return { language: null, confidence };
  // Not the next candidate: lorem ipsum's second reading (Italian, Romanian) is no more the store's.
  if (!isStoreLanguage(best.lang)) return { language: null, confidence: 0 };
  return { language: best.lang, confidence };
}

/** The English name of a BCP 47 tag ("pt-BR" → "Portuguese (Brazil)"); the tag itself when unknown. */
export function languageName(tag: string, inLanguage = 'en'): string {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The primary subtag of a BCP 47 tag, lower-cased: "pt-BR" → "pt". */
export function primaryLanguage(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}
