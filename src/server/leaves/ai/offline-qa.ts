// The built-in writer's questions and answers: one question per fact the product's data holds (what it is,
// its brand, material, dimensions, colour, size, the options its variants offer, its range and use), each
// answered with that fact in the book's words, then the two every product page answers (where its details
// are, how to order it). It never asks what the data cannot answer, so it never has to guess a yes or a no.
import type { QaPair } from '../../../common/copy-fields/qa-pairs';
import type { VariantRange } from '../../../common/copy-rules/variant-range';
import { fitsLabel } from './offline-fact-sheet';
import { type Facts, value } from './offline-facts';

/** A single value (not a list of a range's values) that reads as the fact it is filed under. */
function singleFact(facts: Facts, key: string): string {
  const text = value(facts.product, key);
  return text !== '' && !/[;|]/.test(text) && fitsLabel(key, text) ? text : '';
}

/** The pairs about the product's own facts, in the order a shopper asks them. */
function factPairs(facts: Facts, range: readonly VariantRange[]): QaPair[] {
  const { book, name, product } = facts;
  const words = book.qa;
  const labelled = (label: string, text: string) => (label === '' ? `${text}.` : `${label}: ${text}.`);
  const brand = value(product, 'brand');
  const pairs: QaPair[] = [
    {
      question: words.whatIs(name),
      answer: facts.sentences[0] ?? book.descriptionLead(name, facts.brand),
    },
  ];
  if (brand !== '')
    pairs.push({ question: words.brand(name), answer: labelled(book.factLabels.brand, brand) });
  const material = singleFact(facts, 'material');
  if (material !== '') pairs.push({ question: words.material(name), answer: book.material(material) });
  for (const key of ['dimensions', 'colour', 'size'] as const) {
    const fact = singleFact(facts, key);
    if (fact !== '') pairs.push({ question: words[key](name), answer: labelled(book.factLabels[key], fact) });
  }
  for (const option of range) {
    pairs.push({
      question: words.choice(name, option.name),
      answer: book.rangeLine(option.name, book.list(option.values)),
    });
  }
  const productRange = singleFact(facts, 'range');
  if (productRange !== '')
    pairs.push({ question: words.range(name), answer: book.partOfRange(productRange) });
  const suited = singleFact(facts, 'use_case');
  if (suited !== '') pairs.push({ question: words.purpose(name), answer: book.suitedTo(suited) });
  return pairs;
}

/**
 * Between `min` and `max` pairs when the book has words for them (the page's two fill a short list); fewer
 * for a language without a book, which asks only by the store's own option names.
 */
export function writeQaPairs(
  facts: Facts,
  range: readonly VariantRange[],
  count: { min: number; max: number },
): QaPair[] {
  const { book, name } = facts;
  const page: QaPair[] = [
    { question: book.qa.details(name), answer: book.qa.detailsAnswer },
    { question: book.qa.order(name), answer: book.closing(name, false) },
  ];
  const asked = factPairs(facts, range).filter((pair) => pair.question !== '' && pair.answer !== '');
  const filled = [...asked, ...page.filter((pair) => pair.question !== '' && pair.answer !== '')];
  return (asked.length >= count.min ? asked : filled.slice(0, count.min)).slice(0, count.max);
}
