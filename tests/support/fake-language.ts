// The fake provider answering in the language the prompt asks for ("Write in French (fr)…"), misbehaving as real
// models do: on first answers, a share of products (picked by a hash of the name, so runs repeat) get English
// template sentences instead, or an invented claim in the asked language. Repairs comply.
import { phrasebookFor } from '../../src/common/copy-rules/phrasebooks';
import { fakeQaPairs } from './fake-qa';

export type LanguageQuirks = { lapseShare: number };
export type LanguageLapse = 'english' | 'claim' | null;

/** Claims a model invents in each language: a guarantee, handmade, an origin. */
export const INVENTED_CLAIMS: Readonly<Record<string, string>> = {
  fr: 'Fait main en France, garantie 5 ans.',
  de: 'Handgefertigt aus 100 % Baumwolle, mit 5 Jahren Garantie.',
  es: 'Hecho a mano, con garantía de 5 años.',
  pt: 'Feito à mão, com garantia de 5 anos.',
  it: 'Fatto a mano, con garanzia di 5 anni.',
  nl: 'Handgemaakt, met 5 jaar garantie.',
  en: 'Handmade, with a 5 year warranty.',
};

/** The language the prompt names, from its "Write in French (fr)" line. */
export const askedLanguage = (prompt: string) =>
  /Write in [^(\n]*\(([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)?)\)/.exec(prompt)?.[1] ?? null;

/** Which lapse a product's first answer gets, by a hash of its name. */
export function languageLapseFor(name: string, share: number): LanguageLapse {
  let hash = 2166136261;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  if ((hash % 1000) / 1000 >= share) return null;
  return Math.floor(hash / 1000) % 2 === 0 ? 'english' : 'claim';
}

type Context = { name: string; brand: string; imageCount: number; variantValues: string[] };
const cut = (text: string, max: number) =>
  text.length <= max ? text : text.slice(0, text.lastIndexOf(' ', max));

/** Rewrites the answer's fields in `language`, from the product's own words and the language's phrases. */
export function answerInLanguage(
  answer: Record<string, unknown>,
  context: Context,
  language: string,
  lapse: LanguageLapse,
): void {
  const book = phrasebookFor(language);
  const values = context.variantValues.join(', ');
  const name = values === '' ? context.name : `${context.name}${book.withValues(values)}`;
  answer.page_title = cut(context.brand ? `${name} | ${context.brand}` : name, 60);
  answer.heading = cut(name, 70);
  const sentences = [book.metaLeads[0]!(name, '', context.brand), book.closing(name, false), ...book.padding];
  let meta = '';
  for (const sentence of sentences)
    if (`${meta} ${sentence}`.trim().length <= 155) meta = `${meta} ${sentence}`.trim();
  answer.meta_description = meta;
  answer.description = [book.descriptionLead(name, context.brand), ...book.genericSentences.slice(0, 2)].join(
    ' ',
  );
  answer.fact_sheet = context.brand ? `${book.factLabels.brand}: ${context.brand}` : context.name;
  answer.questions_and_answers = fakeQaPairs({ name, brand: context.brand }, language);
  answer.alt_texts = Array.from({ length: context.imageCount }, (_, i) =>
    i === 0 ? cut(name, 125) : `${cut(name, 90)}, ${book.altViews[(i - 1) % book.altViews.length] ?? i + 1}`,
  );
  if (lapse === 'english') {
    answer.description = `Meet the ${name}, available in our online shop. Order the ${name} from our shop today.`;
    answer.meta_description = `Discover the ${name} from our online shop, ready to order today with every detail listed. Find out more on the product page.`;
  }
  if (lapse === 'claim') {
    answer.description = `${String(answer.description)} ${INVENTED_CLAIMS[book.language] ?? INVENTED_CLAIMS.en}`;
  }
}
