// The language a product's copy is written in, and the voice the writers are given with it. Every writer reads
// it from here: the AI prompt names it, the built-in writer takes its phrasebook, and the checks read the copy
// against it. It is never left open: a product whose text says nothing writes English.
import { eq } from 'drizzle-orm';
import { FALLBACK_LANGUAGE } from '../../../common/contract/language';
import { htmlToText } from '../../../common/copy-rules/html-to-text';
import { clearLanguageOf } from '../../../common/languages/clear-language';
import { isStoreLanguage } from '../../../common/languages/detect-language';
import type { Queryable } from '../../db/client';
import { products } from '../../db/schema';
import type { CopyVoice, ProductFacts } from '../../leaves/ai/copy-writer';
import { boundedMemo } from '../../leaves/memo/bounded-memo';

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
  bundleLanguageSource?: 'detected' | 'user' | null;
  /** The language detected from this product's own text on import. */
  productLanguage?: string | null;
  /** The language of the bundle's products' text, read at write time when nothing was stored. */
  bundleTextLanguage?: string | null;
  details: ProductFacts;
  parent?: { details: ProductFacts } | undefined;
};

/** One way to name the language; undefined or null hands over to the next. */
export type LanguageSource = (context: LanguageContext) => string | null | undefined;

const textOf = (details: ProductFacts) =>
  [details.product_name ?? details.title ?? '', htmlToText(details.description ?? '')]
    .filter((text) => text.trim() !== '')
    .join('. ');

/** The language the product's own name and body are in, read now (a variant reads its parent's too). */
export const detectedFromText: LanguageSource = (context) =>
  clearLanguageOf(
    [context.details, context.parent?.details]
      .filter((details): details is ProductFacts => details !== undefined)
      .map(textOf)
      .join('. '),
  );

/** How many products' text the bundle's language is read from, and how many bundles are remembered. */
const BUNDLE_SAMPLE = 40;
const bundleTextLanguages = boundedMemo<number, string | null>(500);

/**
 * The language of a bundle's products read together (a gift card's one line says little; the store's other
 * products say more), for bundles imported before the language was stored. Remembered per bundle: a bundle's
 * products do not change during a run.
 */
export async function bundleTextLanguage(db: Queryable, bundleId: number): Promise<string | null> {
  if (bundleTextLanguages.has(bundleId)) return bundleTextLanguages.get(bundleId) ?? null;
  const rows = await db
    .select({ details: products.details })
    .from(products)
    .where(eq(products.bundleId, bundleId))
    .orderBy(products.position)
    .limit(BUNDLE_SAMPLE);
  const language = clearLanguageOf(rows.map((row) => textOf(row.details)).join('\n'));
  bundleTextLanguages.set(bundleId, language);
  return language;
}

/**
 * A detected language only when stores sell in it: a bundle imported before the detector left Latin out (lorem
 * ipsum reads as Latin) still has it stored, and its copy falls back like any other text that tells none.
 */
const storeLanguageOnly = (language: string | null | undefined) =>
  language && isStoreLanguage(language) ? language : null;

/**
 * In order: the workflow's language; the bundle's when the user chose it; the product's own text when it is
 * clear (a German store's one English product stays English); the bundle's as detected on import; the bundle's
 * text; else English. A product's own detection on import is not used: on a short name the detector is wrong
 * as often as not ("Oak Stool. A small oak stool." reads as Estonian), while the bundle's is a majority.
 */
export const COPY_LANGUAGE_ORDER: readonly LanguageSource[] = [
  (context) => context.workflow.language,
  (context) => (context.bundleLanguageSource === 'user' ? context.bundleLanguage : null),
  detectedFromText,
  (context) => storeLanguageOnly(context.bundleLanguage),
  (context) => context.bundleTextLanguage,
];

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
