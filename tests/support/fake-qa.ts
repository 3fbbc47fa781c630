// The fake provider's questions and answers, as a model writes them from the prompt's product data: what the
// product is, its brand when it has one, where its details are and how to order it, each in the asked
// language's words (the built-in writer's phrasebooks). The `inventedAnswer` quirk adds one a careless model
// invents, a yes to a question the data cannot answer ("Is it waterproof?" "Yes, it is waterproof.").
import { phrasebookFor } from '../../src/common/copy-rules/phrasebooks';

/** `first`: the first answer invents, the repair complies; `always`: the repair invents it again. */
export type InventedAnswerQuirk = 'first' | 'always';

type Context = { name: string; brand: string };
type Pair = { question: string; answer: string };

/** The invented pair in each language; each names "waterproof" in that language's words. */
const INVENTED: Readonly<Record<string, (name: string) => Pair>> = {
  en: (name) => ({ question: `Is the ${name} waterproof?`, answer: 'Yes, it is fully waterproof.' }),
  fr: (name) => ({
    question: `${name} est-il imperméable ?`,
    answer: 'Oui, il est entièrement imperméable.',
  }),
  de: (name) => ({ question: `Ist ${name} wasserdicht?`, answer: 'Ja, es ist vollständig wasserdicht.' }),
  es: (name) => ({ question: `¿Es ${name} impermeable?`, answer: 'Sí, es totalmente impermeable.' }),
  it: (name) => ({ question: `${name} è impermeabile?`, answer: 'Sì, è del tutto impermeabile.' }),
  nl: (name) => ({ question: `Is ${name} waterdicht?`, answer: 'Ja, het is volledig waterdicht.' }),
  pt: (name) => ({ question: `${name} é à prova d’água?`, answer: 'Sim, é à prova d’água.' }),
};

/** Three or four pairs from the product's own name and brand, in `language` (English by default). */
export function fakeQaPairs(context: Context, language = 'en'): Pair[] {
  const book = phrasebookFor(language);
  const { name, brand } = context;
  return [
    { question: book.qa.whatIs(name), answer: book.descriptionLead(name, brand) },
    ...(brand ? [{ question: book.qa.brand(name), answer: `${book.factLabels.brand}: ${brand}.` }] : []),
    { question: book.qa.details(name), answer: book.qa.detailsAnswer },
    { question: book.qa.order(name), answer: book.closing(name, false) },
  ];
}

/** The answer's pairs with the invented one added, when the quirk says this call invents. */
export function inventAnswer(
  answer: Record<string, unknown>,
  context: Context,
  language: string | null,
  quirk: InventedAnswerQuirk | undefined,
  isRepair: boolean,
): void {
  if (!quirk || (isRepair && quirk === 'first')) return;
  const pairs = Array.isArray(answer.questions_and_answers) ? (answer.questions_and_answers as Pair[]) : [];
  const primary = (language ?? 'en').split('-')[0]!.toLowerCase();
  const invented = (INVENTED[primary] ?? INVENTED.en!)(context.name);
  answer.questions_and_answers = [...pairs.slice(0, 3), invented];
}
