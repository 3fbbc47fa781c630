// What the built-in writer says in its own words, per language: the sentences it wraps around the product's
// own name, values and sentences, the connectors between them, the fact-sheet labels, and how a name written in
// capitals is recased. One book per language, written as an editor in that language would write it; a language
// with no book gets the neutral one (neutral.ts), which adds no word of any language.

/** The phrasebook of one language. Every sentence ends in its stop; none states a fact about the product. */
export type Phrasebook = {
  /** The BCP 47 primary subtag the book is for ('' for the neutral book). */
  language: string;
  /**
   * How a name the store wrote in capitals is recased: `title` (English, and German, whose nouns are capitalised),
   * or `sentence` (the first word only, the norm for titles in French, Spanish, Portuguese, Italian, Dutch and Russian);
   * `keep` leaves it as written.
   */
  nameCase: 'title' | 'sentence' | 'keep';
  /** Words kept in lower case inside a name in title case (articles, prepositions, conjunctions). */
  smallWords: readonly string[];
  /** The values after a name in a heading or alt text: " in Navy, size M". */
  withValues: (values: string) => string;
  /** A size value in a sentence: "size M". */
  sizeValue: (size: string) => string;
  /**
   * A colour value in a sentence, where a bare colour adjective would have to agree with the name's unknown
   * gender (Russian "Платье, цвет синий", not "Платье, синий"); the value alone when not given.
   */
  colourValue?: (colour: string) => string;
  /** A store option's number in words of its own name: "Taille 7" ("Size 7" in English). */
  numberedValue: (optionName: string, value: string) => string;
  /** "a, b and c". */
  list: (items: readonly string[]) => string;
  /** The meta description's first sentence, in four wordings; `values` comes with its connector. */
  metaLeads: readonly ((name: string, values: string, brand: string) => string)[];
  /** The meta description's last sentence for wordings 1–3 (wording 0 ends with `closing`). */
  metaClosings: readonly ((name: string) => string)[];
  /** The call to action that ends a description and the first meta wording; `lively` for a playful tone. */
  closing: (name: string, lively: boolean) => string;
  /** Sentences true of any product page that pad a short meta description. */
  padding: readonly string[];
  /** More such sentences, two at a time, for the meta wordings past the first four. */
  genericSentences: readonly string[];
  /** A keyword phrase in the meta description. */
  shopKeyword: (keyword: string) => string;
  /** A keyword phrase in the description. */
  keywordPick: (keyword: string) => string;
  /** The description's opening when the store wrote no sentence of its own. */
  descriptionLead: (name: string, brand: string) => string;
  /** The values a product (or, `isVariant`, this version of it) comes in. */
  availableIn: (name: string, values: string, isVariant: boolean) => string;
  /** One option of a product's range with all its values: "Size: S, M, L" in a sentence. */
  rangeLine: (optionName: string, values: string) => string;
  /** The material, range and use, as sentences. */
  material: (material: string) => string;
  partOfRange: (range: string) => string;
  suitedTo: (useCase: string) => string;
  /** What tells a variant apart in its title when no value does ('' in the neutral book: none is added). */
  anotherVersion: string;
  /** What opens a variant's meta description when it would repeat its parent's. */
  versionPrefix: (values: string | null) => string;
  /** Fact-sheet labels of the standard facts. */
  factLabels: Readonly<Record<FactKey, string>>;
  /** The further images' views ("another view") and settings, each distinct; none ends on a connector. */
  altViews: readonly string[];
  altSettings: readonly string[];
  /** The brand in an alt text: " by Acme". */
  altBy: (brand: string) => string;
  /** The questions and answers' words: a question is asked only when the product's data answers it. */
  qa: QaWords;
};

/**
 * The built-in writer's questions, each about one fact (its answer is the book's sentence for that fact, or
 * "Label: value."), and the two a page always answers: where the details are and how to order. A question
 * that is '' (the neutral book's) is not asked.
 */
export type QaWords = {
  whatIs: (name: string) => string;
  brand: (name: string) => string;
  material: (name: string) => string;
  dimensions: (name: string) => string;
  colour: (name: string) => string;
  size: (name: string) => string;
  /** The values a product sold in variants comes in, for one option ("Which sizes can I choose?"). */
  choice: (name: string, optionName: string) => string;
  range: (name: string) => string;
  purpose: (name: string) => string;
  details: (name: string) => string;
  detailsAnswer: string;
  order: (name: string) => string;
};

export type FactKey = 'brand' | 'colour' | 'dimensions' | 'size' | 'material' | 'range' | 'use_case';

/** "a, b and c" with the language's word for "and". */
export const listWith =
  (and: string) =>
  (items: readonly string[]): string =>
    items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;

/** A name's first letter in capitals: "taille" → "Taille". */
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** " from Acme" when there is a brand, '' when not. */
export const ifBrand = (brand: string, text: (brand: string) => string) => (brand === '' ? '' : text(brand));
