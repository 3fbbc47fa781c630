// A push of a run's further languages (decision 040): each language's heading, body, SEO title and meta
// description is one journal field, translation:<language>:<field>, beside the product's own fields, so that
// the preview, the journal, the reread before writing and the undo are the push's own. A platform that keeps
// translations lists `translations` in its push fields and reads and writes these fields; the others never
// see them.
import type { Translations } from '../../../common/contract/entities';
import { translationBodyHtml } from '../export/rows';
import type { StorePlatform } from './platform';

/** The fields of one language a push writes, in the order the store is sent them. */
export const TRANSLATED_FIELDS = ['heading', 'description', 'seo_title', 'seo_description'] as const;
export type TranslatedField = (typeof TRANSLATED_FIELDS)[number];

const PREFIX = 'translation:';

export const translationField = (language: string, field: TranslatedField) => `${PREFIX}${language}:${field}`;

/** A journal field as its language and field; null for any other field. */
export function parseTranslationField(name: string): { language: string; field: TranslatedField } | null {
  if (!name.startsWith(PREFIX)) return null;
  const rest = name.slice(PREFIX.length);
  const colon = rest.lastIndexOf(':');
  const field = rest.slice(colon + 1) as TranslatedField;
  if (colon <= 0 || !TRANSLATED_FIELDS.includes(field)) return null;
  return { language: rest.slice(0, colon), field };
}

/** The languages these journal fields are in, each once, in first-seen order. */
export function languagesOf(fields: Iterable<string>): string[] {
  const languages = new Set<string>();
  for (const name of fields) {
    const parsed = parseTranslationField(name);
    if (parsed) languages.add(parsed.language);
  }
  return [...languages];
}

/**
 * A product's translations as push values (journal field → the text the store is sent), written as the
 * product's own fields are: the body as the store files write it, SEO texts as the store keeps them. Nothing
 * empty: a language without a field leaves the store's translation of it alone.
 */
export function translationValues(
  platform: StorePlatform,
  translations: Translations | null | undefined,
  write: (field: TranslatedField, text: string) => string,
): Map<string, string> {
  const values = new Map<string, string>();
  for (const [language, translation] of Object.entries(translations ?? {})) {
    const texts: Record<TranslatedField, string> = {
      heading: translation.heading,
      description: translation.description?.trim()
        ? platform.push.description(translationBodyHtml(translation))
        : '',
      seo_title: platform.push.seoText?.(translation.page_title) ?? translation.page_title,
      seo_description: platform.push.seoText?.(translation.meta_description) ?? translation.meta_description,
    };
    for (const field of TRANSLATED_FIELDS) {
      const text = texts[field]?.trim();
      if (text) values.set(translationField(language, field), write(field, text));
    }
  }
  return values;
}
