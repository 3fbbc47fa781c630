// A catalogue's language as the contract carries it: the tag a request may give (new-bundle, import-store),
// and how a bundle's language was decided, as view-bundle-workflow and estimate-cost answer it.
import { z } from 'zod';

/**
 * The language copy is written in when nothing names one: no workflow or user choice, and no store language
 * read from the products' text (too short, or placeholder text such as lorem ipsum). The New bundle screen says so.
 */
export const FALLBACK_LANGUAGE = 'en';

/** `detected` from the products' names and bodies on import; `user` when the request named it. */
export const LANGUAGE_SOURCES = ['detected', 'user'] as const;
export type LanguageSource = (typeof LANGUAGE_SOURCES)[number];

/** One language the products were detected in, and how many of them. */
export const languageCountSchema = z.object({ language: z.string(), products: z.number().int() });
export type LanguageCount = z.infer<typeof languageCountSchema>;

export const catalogueLanguageSchema = z.object({
  /** BCP 47 tag (`fr`, `pt-BR`); null when the products say too little to tell and none was given. */
  language: z.string().nullable(),
  source: z.enum(LANGUAGE_SOURCES).nullable(),
  /** 0–1 for a detected language: its products' share, weighed by each detection's confidence; null when given. */
  confidence: z.number().nullable(),
  /**
   * Every language the products were detected in, most products first (the products each detection read:
   * every product of a list up to 1,000, an even sample of a bigger one until its run is prepared). More
   * than one entry: the catalogue mixes languages.
   */
  detected: z.array(languageCountSchema),
});
export type CatalogueLanguage = z.infer<typeof catalogueLanguageSchema>;

/**
 * Whether a text is a BCP 47 tag whose primary language subtag the runtime can name ("fr", "pt-BR", "de-CH");
 * "xx", "english" or "fr_FR!" are not.
 */
export function isKnownLanguageTag(value: string): boolean {
  try {
    const [tag] = Intl.getCanonicalLocales(value);
    const primary = new Intl.Locale(tag!).language;
    if (!/^[a-z]{2,3}$/.test(primary)) return false;
    return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(primary) !== undefined;
  } catch {
    return false;
  }
}

/** A language a request gives for its catalogue. */
export const languageTag = z
  .string()
  .trim()
  .max(35, 'language must be a BCP 47 tag such as fr, de or pt-BR')
  .refine(isKnownLanguageTag, 'language must be a BCP 47 tag such as fr, de or pt-BR');

/** The canonical form of a tag isKnownLanguageTag accepts: "PT-br" → "pt-BR". */
export const canonicalLanguageTag = (tag: string): string => Intl.getCanonicalLocales(tag.trim())[0]!;
