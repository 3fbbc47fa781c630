// What the copy-field registry (registry.ts) says about one field, and the lists every consumer reads from a
// registry. Consumers take a registry as a parameter, defaulting to the real one, so a test can add a field
// and see it reach the prompt, the check, the exports and the review screen (decision 025).
import type { FieldLimits } from '../copy-rules/seo-checks';

/** A JSON schema entry as the model is sent it (strict structured output). */
export type JsonSchemaEntry = {
  readonly type: 'string' | 'array';
  readonly description?: string;
  readonly items?: { readonly type: 'string'; readonly description?: string } | JsonSchemaObject;
};

/** An object in the model's answer (a question and its answer): strict mode wants every property required. */
export type JsonSchemaObject = {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, { readonly type: 'string'; readonly description?: string }>>;
  readonly required: readonly string[];
  readonly additionalProperties: false;
};

export type CopyFieldSpec = {
  /** Its name in the contract, the AI answer, the problems and the locks (snake_case). */
  readonly name: string;
  /** Its SQL column on bundle_workflow_products and product_versions. */
  readonly column: string;
  /** Its key in the drizzle schema and the server's rows (camelCase). */
  readonly key: string;
  /** `text`: one text on the product's row; `per_image`: one text per image, kept with the images. */
  readonly holds: 'text' | 'per_image';
  /** Written by the model: its answer's JSON schema entry, its line of the prompt's field rules, and the
   * characters it may take, for the output-token cap (per image for a per_image field). */
  readonly ai?: { readonly schema: JsonSchemaEntry; readonly rule: string; readonly estimateChars: number };
  /** May not be empty once written. */
  readonly required?: boolean;
  /**
   * The field holds the product's questions and answers: its text is the JSON of [{ question, answer }], with
   * `min` to `max` pairs, each question and answer checked as copy (and grounded as a pair). The feeds carry it
   * where theirs has a place (Merchant Center's question_and_answer, the agent feed).
   */
  readonly pairs?: { readonly min: number; readonly max: number };
  /** Characters (and pixels) the check holds it to and cuts it to; per image for a per_image field. */
  readonly limit?: FieldLimits;
  /**
   * Edited through update-product-copy (a text field), at most this many characters; `trim`: saved without
   * surrounding whitespace (a one-line field; multi-line text keeps its own layout).
   */
  readonly edit?: { readonly maxLength: number; readonly trim?: boolean };
  /**
   * Its place in the exports: `csv` a column of the SPEC §3 csv and json files (with its column kind, see
   * export/column-kinds.ts) or a text appended to another field's column; `storeBody: 'facts'` for the text
   * the store files write as a list (Shopify's Body (HTML) after the description, WooCommerce's Short
   * description); `fillEmptyWith` the store copy whose presence keeps the store's text in a fill-empty export.
   */
  readonly exports: {
    readonly csv?: { readonly column: string; readonly kind: 'key' | 'text' } | { readonly appendTo: string };
    readonly storeBody?: 'facts';
    readonly fillEmptyWith?: 'description';
  };
  /** The review screen: its label, and how the editor shows it (a text field; per-image fields have their own). */
  readonly review: {
    readonly label: string;
    readonly hint?: string;
    readonly rows?: { readonly min: number; readonly max?: number };
    /** Shows the store's current value beside it. */
    readonly storeValue?: boolean;
  };
};

export type CopyFieldRegistry = readonly CopyFieldSpec[];

/** The fields the model writes, in answer order. */
export const aiFields = (registry: CopyFieldRegistry) => registry.filter((field) => field.ai);

/** The fields held as one text on the product's row, in registry order. */
export const textFields = (registry: CopyFieldRegistry) => registry.filter((field) => field.holds === 'text');

/** The text fields the model writes: the row's generated copy. */
export const generatedTextFields = (registry: CopyFieldRegistry) =>
  registry.filter((field) => field.ai && field.holds === 'text');

/** The field named so; a registry without it is a bug. */
export function fieldNamed(registry: CopyFieldRegistry, name: string): CopyFieldSpec {
  const field = registry.find((candidate) => candidate.name === name);
  if (!field) throw new Error(`No copy field is named ${name}.`);
  return field;
}

/** The one field with this export role, if the registry has one. */
export const fieldWithStoreBody = (registry: CopyFieldRegistry, role: 'facts') =>
  registry.find((field) => field.exports.storeBody === role);

/** The field holding questions and answers, if the registry has one. */
export const fieldWithQaPairs = (registry: CopyFieldRegistry) =>
  registry.find((field) => field.pairs !== undefined);

/** "a, b and c": the names as a sentence lists them. */
export function listInWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
