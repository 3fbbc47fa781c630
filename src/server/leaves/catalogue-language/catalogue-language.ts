// The language of one product (its name and the start of its body) and of a whole catalogue (the language
// most of its products are in). The same rules for an estimate's list in memory and a bundle's stored products.
import type { CatalogueLanguage, LanguageCount } from '../../../common/contract/language';
import { detectLanguage } from '../../../common/languages/detect-language';

/**
 * Of the body, only the start is read: tinyld's cost grows with the text (about 40 µs for 60 characters,
 * 100 µs for a paragraph), and a name with one or two sentences already tells the language.
 */
const BODY_CHARS = 160;

export type ProductLanguage = { language: string | null; languageConfidence: number };

/** The language of a product from its name and the start of its description (both plain text). */
export function productLanguage(
  name: string | null | undefined,
  body: string | null | undefined,
): ProductLanguage {
  const text = [name ?? '', (body ?? '').slice(0, BODY_CHARS)].join('. ').trim();
  const { language, confidence } = detectLanguage(text);
  return { language, languageConfidence: language ? round(confidence) : 0 };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Products detected in one language (language null: too little text), and their confidences summed. */
export type LanguageTally = { language: string | null; products: number; weight: number };

/**
 * The catalogue's language from its products' tallies: the language most of them are in (ties go to the
 * surer detections), with its share of the products whose language could be told, weighed by each product's
 * confidence. Null when no language has more than half of the products whose text told one.
 */
export function catalogueLanguageOf(tallies: readonly LanguageTally[]): CatalogueLanguage {
  const told = tallies
    .filter((tally) => tally.language !== null && tally.products > 0)
    .sort((a, b) => b.products - a.products || b.weight - a.weight);
  const detected: LanguageCount[] = told.map((tally) => ({
    language: tally.language!,
    products: tally.products,
  }));
  const best = told[0];
  const products = told.reduce((sum, tally) => sum + tally.products, 0);
  // Short product text is often misread, each product as another language: only a language more than half
  // of the products were read in names the catalogue's.
  if (!best || best.products * 2 <= products) {
    return { language: null, source: null, confidence: null, detected };
  }
  return {
    language: best.language,
    source: 'detected',
    confidence: round(best.weight / products),
    detected,
  };
}

/** The tallies of products in memory (an estimate's list), as a stored bundle's are counted in SQL. */
export function tallyLanguages(products: readonly Partial<ProductLanguage>[]): LanguageTally[] {
  const byLanguage = new Map<string | null, LanguageTally>();
  for (const product of products) {
    if (product.languageConfidence === undefined) continue;
    const language = product.language ?? null;
    const tally = byLanguage.get(language) ?? { language, products: 0, weight: 0 };
    tally.products += 1;
    tally.weight += product.languageConfidence;
    byLanguage.set(language, tally);
  }
  return [...byLanguage.values()];
}

/** The catalogue's language when the request names it: the user's tag wins, and the detection stays beside it. */
export function givenLanguage(tag: string, detected: CatalogueLanguage): CatalogueLanguage {
  return { language: tag, source: 'user', confidence: null, detected: detected.detected };
}
