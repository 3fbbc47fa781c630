// A product's copy in its workflow's further languages. Each is written as the first language's is (one call,
// a repair, then grounded fallbacks) from the product's own data, not translated from the first language's
// copy, so that a model's slip in one language never carries into another; each is checked on its own.
import type { Translations } from '../../../common/contract/entities';
import type { CopyFields } from '../../leaves/ai/copy-writer';
import type { ProductContext } from './product-store';

/** Writes one language's copy for the product as the context (in that language) describes it. */
export type WriteInLanguage = (context: ProductContext, language: string) => Promise<CopyFields>;

/** The product's translations, written one language after another; null when the workflow has no others. */
export async function writeTranslations(
  context: ProductContext,
  write: WriteInLanguage,
  check: (context: ProductContext, copy: CopyFields) => Translations[string]['problems'],
): Promise<Translations | null> {
  const languages = context.workflow.moreLanguages ?? [];
  if (languages.length === 0) return null;
  const translations: Translations = {};
  for (const language of languages) {
    const inLanguage = contextInLanguage(context, language);
    const copy = await write(inLanguage, language);
    translations[language] = { ...copy, problems: check(inLanguage, copy) };
  }
  return translations;
}

/**
 * The product as its copy in `language` is written: the workflow writing in that language, and a variant's
 * parent's copy in that language (none yet when the parent has no translation in it).
 */
export function contextInLanguage(context: ProductContext, language: string): ProductContext {
  const workflow = { ...context.workflow, language };
  if (!context.parent) return { ...context, workflow };
  const parent = { ...context.parent, copy: copyOfTranslation(context.parent.translations?.[language]) };
  return { ...context, workflow, parent };
}

/** A stored translation as copy, without its check. */
export function copyOfTranslation(translation: Translations[string] | undefined): CopyFields | null {
  if (!translation) return null;
  const { problems: _problems, ...copy } = translation;
  return copy as CopyFields;
}
