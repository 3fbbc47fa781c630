// URL suggestions (DESIGN.md, generation pipeline): a lowercase ASCII hyphenated path built from the
// bundle's URL template, and a level telling the user whether the product's current URL needs attention.
import type { UrlSuggestionLevel } from '../../../common/contract/entities';
import { dropStopWords, slugify, toAsciiWords } from '../../leaves/slug/slug';

/** The template used when a bundle has none. */
export const DEFAULT_URL_TEMPLATE = '/{{keywords}}-{{variants}}';
const MAX_SEGMENT_LENGTH = 80;

export type SuggestUrlInput = {
  /** The bundle's URL template; empty means DEFAULT_URL_TEMPLATE. */
  template: string;
  /** The product's details (product_name, brand, colour, size, dimensions, url, description...). */
  product: Record<string, string | null | undefined>;
  /** The bundle's primary keywords: phrases separated by commas, semicolons or new lines. */
  keywords: string;
  /** The copy's BCP 47 language (a workflow's `language`): its own spellings (German ä → ae) in the slug. */
  language?: string | null;
};

export type UrlSuggestion = { url_suggestion: string; url_suggestion_level: UrlSuggestionLevel };

const value = (product: SuggestUrlInput['product'], key: string): string => product[key]?.trim() ?? '';

/**
 * The words {{keywords}} stands for, most important first, so that a long segment loses its tail:
 * 1. the product name;
 * 2. the first bundle keyword phrase whose every word the product's name or description already uses
 *    (a URL never claims what the product data does not say), adding only its new words.
 * The brand is not among them: it is in the slug only where the product's name says it, or where the template
 * asks for it with {{brand}} (no SEO guide puts the brand in every product's address).
 */
function keywordWords(
  product: SuggestUrlInput['product'],
  keywords: string,
  language?: string | null,
): string[] {
  const words = dropStopWords(toAsciiWords(value(product, 'product_name'), language));
  const seen = new Set(words);
  // The description is the longest text of a product: only read when there is a keyword phrase to test.
  let productWords: Set<string> | undefined;
  const relevant = keywords
    .split(/[,;\n]+/)
    .map((phrase) => dropStopWords(toAsciiWords(phrase, language)))
    .find((phrase) => {
      if (phrase.length === 0) return false;
      productWords ??= new Set([...seen, ...toAsciiWords(value(product, 'description'), language)]);
      return phrase.every((word) => productWords!.has(word));
    });
  for (const word of relevant ?? []) {
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  return words;
}

/** The words {{variants}} stands for: colour, size and dimensions values, without words already used. */
function variantWords(
  product: SuggestUrlInput['product'],
  used: ReadonlySet<string>,
  language?: string | null,
): string[] {
  const words: string[] = [];
  for (const key of ['colour', 'size', 'dimensions']) {
    for (const word of toAsciiWords(value(product, key), language)) {
      if (!used.has(word) && !words.includes(word)) words.push(word);
    }
  }
  return words;
}

/** The words {{brand}} stands for: the brand's, without words already used. */
function brandWords(
  product: SuggestUrlInput['product'],
  used: ReadonlySet<string>,
  language?: string | null,
): string[] {
  return dropStopWords(toAsciiWords(value(product, 'brand'), language)).filter((word) => !used.has(word));
}

const PLACEHOLDER = /\{\{\s*(keywords|variants|brand)\s*\}\}/g;

type Words = { keywords: string[]; variants: string[]; brand: string[] };

/** One template segment with its placeholders filled, slugified, and within the length limit. */
function fillSegment(segment: string, { keywords, variants, brand }: Words): string {
  const render = (keywordCount: number) =>
    slugify(
      segment.replace(PLACEHOLDER, (_match, name: string) => {
        const words =
          name === 'keywords' ? keywords.slice(0, keywordCount) : name === 'variants' ? variants : brand;
        return ` ${words.join(' ')} `;
      }),
      Number.POSITIVE_INFINITY,
    );
  // Too long: shorten the keywords from their tail, because the variant words are what set a product
  // apart from its siblings.
  let keywordCount = keywords.length;
  let slug = render(keywordCount);
  while (slug.length > MAX_SEGMENT_LENGTH && keywordCount > 1) {
    keywordCount -= 1;
    slug = render(keywordCount);
  }
  return slug.length > MAX_SEGMENT_LENGTH ? slugify(slug, MAX_SEGMENT_LENGTH) : slug;
}

/** The path of a template or URL: scheme, host, query and fragment removed. */
function pathOf(url: string): string {
  const withoutOrigin = url.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return withoutOrigin.replace(/[?#].*$/, '');
}

function lastSegment(path: string): string {
  const segments = pathOf(path)
    .split('/')
    .filter((segment) => segment.trim() !== '');
  const last = segments.at(-1) ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Same words (as a multiset) in a different order. */
function isReordered(current: string[], suggested: string[]): boolean {
  if (current.length !== suggested.length || current.join('-') === suggested.join('-')) return false;
  const sort = (words: string[]) => [...words].sort().join('-');
  return sort(current) === sort(suggested);
}

/**
 * Suggests a URL path for a product. Placeholders: `{{keywords}}` (the product name, then a bundle
 * keyword phrase the product's data already uses), `{{variants}}` (colour, size and dimensions values not
 * already in the keywords) and `{{brand}}` (the brand's words not already there). Each segment is slugified; empty segments and
 * dangling hyphens go; the result starts with `/` and has no trailing slash.
 *
 * Level: `missing` when the product has no URL; `order` when its current URL's last segment holds the
 * same words as the suggestion's last segment in another order; `''` otherwise.
 */
export function suggestUrl(input: SuggestUrlInput): UrlSuggestion {
  const template = input.template.trim() === '' ? DEFAULT_URL_TEMPLATE : input.template;
  const keywords = keywordWords(input.product, input.keywords, input.language);
  const variants = variantWords(input.product, new Set(keywords), input.language);
  const brand = brandWords(input.product, new Set([...keywords, ...variants]), input.language);
  const segments = pathOf(template)
    .split('/')
    .map((segment) => fillSegment(segment, { keywords, variants, brand }))
    .filter((segment) => segment !== '');
  const urlSuggestion = `/${segments.join('/')}`;

  const currentUrl = value(input.product, 'url');
  if (currentUrl === '') return { url_suggestion: urlSuggestion, url_suggestion_level: 'missing' };
  const current = dropStopWords(toAsciiWords(lastSegment(currentUrl)));
  const suggested = (segments.at(-1) ?? '').split('-').filter(Boolean);
  return {
    url_suggestion: urlSuggestion,
    url_suggestion_level: isReordered(current, suggested) ? 'order' : '',
  };
}
