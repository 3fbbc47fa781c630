// The language a product's copy is written in, and the voice the writers are given with it. Every writer reads
// it from here: the AI prompt names it, the built-in writer takes its phrasebook, and the checks read the copy
// against it. It is never left open: a product whose text says nothing writes English.
import { htmlToText } from '../../../common/copy-rules/html-to-text';
import { detectLanguage } from '../../../common/languages/detect-language';
import type { CopyVoice, ProductFacts } from '../../leaves/ai/copy-writer';

/** What the language is decided from: the workflow's choice, the stored languages, and the product's text. */
export type LanguageContext = {
  workflow: {
    language: string | null;
    bannedPhrases?: string[] | null;
    protectedTerms?: string[] | null;
    voiceNotes?: string | null;
  };
  /** The bundle's language (detected on import, or chosen by the user) and how it was decided. */
  bundleLanguage?: string | null;
  bundleLanguageSource?: 'detected' | 'chosen' | null;
  /** The language detected from this product's own text on import. */
  productLanguage?: string | null;
  details: ProductFacts;
  parent?: { details: ProductFacts } | undefined;
};

/** One way to name the language; undefined or null hands over to the next. */
export type LanguageSource = (context: LanguageContext) => string | null | undefined;

/** The language the product's own name and body are in, read now (a variant reads its parent's too). */
export const detectedFromText: LanguageSource = (context) => {
  const texts = [context.details, context.parent?.details]
    .filter((details): details is ProductFacts => details !== undefined)
    .flatMap((details) => [
      details.product_name ?? details.title ?? '',
      htmlToText(details.description ?? ''),
    ]);
  return detectLanguage(texts.filter((text) => text.trim() !== '').join('. ')).language;
};

/**
 * In order: the workflow's language; the bundle's when the user chose it; the product's own as detected on
 * import (a German store's one English product stays English); the bundle's as detected; the product's text
 * read now (for products imported before languages were stored); else English.
 */
export const COPY_LANGUAGE_ORDER: readonly LanguageSource[] = [
  (context) => context.workflow.language,
  (context) => (context.bundleLanguageSource === 'chosen' ? context.bundleLanguage : null),
  (context) => context.productLanguage,
  (context) => context.bundleLanguage,
  detectedFromText,
];

export const FALLBACK_LANGUAGE = 'en';

/** The BCP 47 tag the copy is written in: the first source in `order` that names one. */
export function copyLanguageFor(
  context: LanguageContext,
  order: readonly LanguageSource[] = COPY_LANGUAGE_ORDER,
): string {
  for (const source of order) {
    const language = source(context)?.trim();
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}

/** The workflow's language and voice, as the prompt states them and the built-in writer and checks read them. */
export function copyVoiceFor(context: LanguageContext): CopyVoice {
  return {
    language: copyLanguageFor(context),
    bannedPhrases: context.workflow.bannedPhrases ?? [],
    protectedTerms: context.workflow.protectedTerms ?? [],
    voiceNotes: context.workflow.voiceNotes ?? '',
  };
}
