// The copy fields, one entry each: the one place a field is named (decision 025). The contract's field lists,
// the AI answer's schemas and the prompt's field rules, the copy check, the output-token cap, the export
// columns and the review screen's fields are all read from here. A new field is an entry here plus its
// migration (the drizzle schema's copy columns are built from this list too).
import { SEO_LIMITS } from '../copy-rules/copy-rules';
import { FIELD_LIMITS } from '../copy-rules/seo-checks';
import type { CopyFieldSpec } from './field-spec';

// What update-product-copy takes for a text field (BUNDLE_LIMITS.maxFieldLength, which the contract holds:
// the contract imports this file, so it cannot be imported back).
const EDIT_MAX = 20_000;

// How many questions and answers a product gets: enough for a shopping agent, few enough to all be answered.
const QA_PAIRS = { min: 3, max: 5 } as const;

export const COPY_FIELD_REGISTRY = [
  {
    name: 'page_title',
    column: 'page_title',
    key: 'pageTitle',
    holds: 'text',
    ai: {
      schema: { type: 'string', description: `At most ${SEO_LIMITS.pageTitleMax} characters.` },
      rule: `the page title, at most ${SEO_LIMITS.pageTitleMax} characters and no wider than ${SEO_LIMITS.pageTitlePixels} px in Google's results (wide capitals count more).`,
      estimateChars: SEO_LIMITS.pageTitleMax,
    },
    required: true,
    limit: FIELD_LIMITS.page_title,
    edit: { maxLength: EDIT_MAX, trim: true },
    exports: { csv: { column: 'page_title', kind: 'text' } },
    review: { label: 'Page Title', storeValue: true },
  },
  {
    name: 'meta_description',
    column: 'meta_description',
    key: 'metaDescription',
    holds: 'text',
    ai: {
      schema: {
        type: 'string',
        description: `${SEO_LIMITS.metaDescriptionMin} to ${SEO_LIMITS.metaDescriptionMax} characters.`,
      },
      rule: `${SEO_LIMITS.metaDescriptionMin} to ${SEO_LIMITS.metaDescriptionMax} characters and no wider than ${SEO_LIMITS.metaDescriptionPixels} px in Google's results (about 135 characters of ordinary text).`,
      estimateChars: SEO_LIMITS.metaDescriptionMax,
    },
    required: true,
    limit: FIELD_LIMITS.meta_description,
    edit: { maxLength: EDIT_MAX, trim: true },
    exports: { csv: { column: 'meta_description', kind: 'text' } },
    review: { label: 'Meta Description', rows: { min: 2 }, storeValue: true },
  },
  {
    name: 'heading',
    column: 'heading',
    key: 'heading',
    holds: 'text',
    ai: {
      schema: { type: 'string', description: `The H1, at most ${SEO_LIMITS.headingMax} characters.` },
      rule: `the H1 heading, at most ${SEO_LIMITS.headingMax} characters.`,
      estimateChars: SEO_LIMITS.headingMax,
    },
    required: true,
    limit: FIELD_LIMITS.heading,
    edit: { maxLength: EDIT_MAX, trim: true },
    exports: { csv: { column: 'heading', kind: 'text' } },
    review: { label: 'Heading' },
  },
  {
    name: 'description',
    column: 'description',
    key: 'description',
    holds: 'text',
    ai: {
      schema: { type: 'string' },
      rule: 'the product description, in plain text paragraphs; a list in the product data stays a list, one "- item" per line.',
      // With the fact sheet's, a few hundred words each.
      estimateChars: 1_000,
    },
    required: true,
    edit: { maxLength: EDIT_MAX },
    exports: { csv: { column: 'description', kind: 'text' } },
    review: { label: 'Description', rows: { min: 3, max: 12 }, storeValue: true },
  },
  {
    // May be empty: a product may have no facts beyond its name.
    name: 'fact_sheet',
    column: 'fact_sheet',
    key: 'factSheet',
    holds: 'text',
    ai: {
      schema: { type: 'string', description: 'Plain text, one "Label: value" fact per line.' },
      rule: 'plain text, one "Label: value" fact per line, only facts from the product data.',
      estimateChars: 1_000,
    },
    edit: { maxLength: EDIT_MAX },
    // SPEC §3: the csv file appends it to the description after a blank line.
    exports: { csv: { appendTo: 'description' }, storeBody: 'facts', fillEmptyWith: 'description' },
    review: {
      label: 'Fact Sheet',
      hint: 'One fact per line, such as Material: Wool',
      rows: { min: 2, max: 8 },
    },
  },
  {
    // Held as the JSON text of [{ question, answer }] (qa-pairs.ts); the feeds read it, the csv file does not.
    name: 'questions_and_answers',
    column: 'questions_and_answers',
    key: 'questionsAndAnswers',
    holds: 'text',
    ai: {
      schema: {
        type: 'array',
        items: {
          type: 'object',
          properties: { question: { type: 'string' }, answer: { type: 'string' } },
          required: ['question', 'answer'],
          additionalProperties: false,
        },
        description: `${QA_PAIRS.min} to ${QA_PAIRS.max} questions a shopper asks, each with its answer.`,
      },
      rule: `${QA_PAIRS.min} to ${QA_PAIRS.max} questions a shopper would ask about this product, each with its answer, both in the copy's language; ask only what the product data answers (its attributes, options, materials, dimensions, brand, what its description states) and answer only with what it says, never guessing a yes or a no.`,
      estimateChars: 700,
    },
    pairs: QA_PAIRS,
    edit: { maxLength: EDIT_MAX },
    exports: {},
    review: { label: 'Questions and answers' },
  },
  {
    // Written by the server from the product's URL, never by the model.
    name: 'url_suggestion',
    column: 'url_suggestion',
    key: 'urlSuggestion',
    holds: 'text',
    edit: { maxLength: 2_000, trim: true },
    exports: { csv: { column: 'url_suggestion', kind: 'key' } },
    review: { label: 'URL Suggestion' },
  },
  {
    name: 'alt_texts',
    column: 'alt_texts',
    key: 'altTexts',
    holds: 'per_image',
    ai: {
      schema: {
        type: 'array',
        items: { type: 'string', description: `At most ${SEO_LIMITS.altTextMax} characters.` },
        description: 'One alt text per image, in the order of the images.',
      },
      rule: `a list with one alt text per image, in the order of the images, each at most ${SEO_LIMITS.altTextMax} characters, describing the product and its variant.`,
      estimateChars: SEO_LIMITS.altTextMax,
    },
    required: true,
    limit: FIELD_LIMITS.alt_text,
    // In the csv file inside image_details, one alt text per image.
    exports: {},
    review: { label: 'Alt texts' },
  },
] as const satisfies readonly CopyFieldSpec[];

type Registered = (typeof COPY_FIELD_REGISTRY)[number];

/** Every copy field's name, in registry order. */
export type CopyFieldName = Registered['name'];
/** The fields held as one text on the product's row. */
export type TextFieldName = Extract<Registered, { holds: 'text' }>['name'];
/** The text fields the model writes. */
export type GeneratedTextFieldName = Extract<Registered, { holds: 'text'; ai: object }>['name'];
/** The text fields update-product-copy takes. */
export type EditableFieldName = Extract<Registered, { edit: object }>['name'];
/** The drizzle keys of the generated text fields. */
export type GeneratedTextKey = Extract<Registered, { holds: 'text'; ai: object }>['key'];

/** Every generated field of one product, as the model answers it. */
export type AiCopy = {
  [F in Extract<Registered, { ai: object }> as F['name']]: F['holds'] extends 'per_image' ? string[] : string;
};
