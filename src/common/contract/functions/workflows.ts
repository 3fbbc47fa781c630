// The contract's workflow functions: a user's workflows and the models the endpoint lists.
import { z } from 'zod';
import { BATCH_REPAIR_MODES, VISION_DETAILS, workflowSchema } from '../entities';
import { canonicalLanguageTag } from '../language';
import { id, noBody } from './schema-parts';

/** What a user's workflow may say; the Workflows screen and the server share these limits. */
export const WORKFLOW_LIMITS = {
  nameMax: 100,
  modelMax: 200,
  listEntriesMax: 100,
  listEntryMax: 100,
  voiceNotesMax: 2_000,
  temperatureMax: 2,
  maxOutputTokensMin: 16,
  maxOutputTokensMax: 32_000,
  priceMax: 1_000_000,
  /** The copy's language and up to four translations: each language is a full pass over every product. */
  languagesMax: 5,
  /** Photos a product's request may carry: each one costs tokens, and a product page shows a handful. */
  maxImagesMax: 10,
  maxImagesDefault: 4,
} as const;

function isLanguageTag(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

const languageTag = (what: string) =>
  z.string().trim().refine(isLanguageTag, `${what} must be a BCP 47 tag such as de, fr-CA or pt-BR`);

const languageList = z
  .array(languageTag('each of languages'))
  .min(1, 'languages needs at least one language, the one the copy is written in')
  .max(WORKFLOW_LIMITS.languagesMax, `languages holds at most ${WORKFLOW_LIMITS.languagesMax} languages`)
  .refine(
    (tags) => new Set(tags.map((tag) => canonicalLanguageTag(tag))).size === tags.length,
    'languages names each language once',
  );

const phraseList = (what: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .min(1, `each of ${what} needs some text`)
        .max(
          WORKFLOW_LIMITS.listEntryMax,
          `each of ${what} is at most ${WORKFLOW_LIMITS.listEntryMax} characters`,
        ),
    )
    .max(WORKFLOW_LIMITS.listEntriesMax, `at most ${WORKFLOW_LIMITS.listEntriesMax} ${what}`);
const pricePerMillion = (what: string) =>
  z
    .number()
    .min(0, `${what} is a price in USD per million tokens, 0 or more`)
    .max(WORKFLOW_LIMITS.priceMax, `${what} is at most ${WORKFLOW_LIMITS.priceMax}`);

export const workflowFieldsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'name needs some text')
    .max(WORKFLOW_LIMITS.nameMax, `name is at most ${WORKFLOW_LIMITS.nameMax} characters`),
  model: z
    .string()
    .trim()
    .min(1, 'model needs a model name, such as gpt-4o-mini or llama3.1:8b')
    .max(WORKFLOW_LIMITS.modelMax, `model is at most ${WORKFLOW_LIMITS.modelMax} characters`),
  /** BCP 47, e.g. de, de-CH, pt-BR; null or absent means the product's own language. */
  language: languageTag('language').nullable().optional(),
  /**
   * Every language to write, the copy's own first (it sets `language`), then translations: ["fr", "en"]
   * writes each product in French, and in English from the same data. When both are given, `language` is the
   * first of `languages`.
   */
  languages: languageList.optional(),
  banned_phrases: phraseList('banned_phrases').optional(),
  protected_terms: phraseList('protected_terms').optional(),
  voice_notes: z
    .string()
    .max(WORKFLOW_LIMITS.voiceNotesMax, `voice_notes is at most ${WORKFLOW_LIMITS.voiceNotesMax} characters`)
    .optional(),
  temperature: z
    .number()
    .min(0, 'temperature is between 0 and 2')
    .max(WORKFLOW_LIMITS.temperatureMax, 'temperature is between 0 and 2')
    .nullable()
    .optional(),
  max_output_tokens: z
    .number()
    .int('max_output_tokens is a whole number')
    .min(
      WORKFLOW_LIMITS.maxOutputTokensMin,
      `max_output_tokens is at least ${WORKFLOW_LIMITS.maxOutputTokensMin}`,
    )
    .max(
      WORKFLOW_LIMITS.maxOutputTokensMax,
      `max_output_tokens is at most ${WORKFLOW_LIMITS.maxOutputTokensMax}`,
    )
    .nullable()
    .optional(),
  /**
   * USD per million tokens. Prices a model the server does not know, or raises a known model's price; it never
   * lowers one (lower, negotiated prices are the operator's MODEL_PRICES). null removes it.
   */
  price: z
    .object({
      input_per_million: pricePerMillion('price.input_per_million'),
      output_per_million: pricePerMillion('price.output_per_million'),
      /** Cached prompt tokens (usage.prompt_tokens_details.cached_tokens); the input price when left out. */
      cached_input_per_million: pricePerMillion('price.cached_input_per_million').optional(),
    })
    .nullable()
    .optional(),
  /** Run through the provider's Batch API. */
  batch: z.boolean().optional(),
  /** Where a batch answer's repair goes: `batch` (a follow-up batch, half price; the default) or `direct`. */
  batch_repairs: z
    .enum(BATCH_REPAIR_MODES, { error: `batch_repairs is one of: ${BATCH_REPAIR_MODES.join(', ')}` })
    .optional(),
  /** Send each product's photos (its compressed copies, as data URLs) to a model that sees. */
  sees_images: z.boolean().optional(),
  /** `low` (the default) or `high`: how closely the model looks, and what each photo costs. */
  image_detail: z
    .enum(VISION_DETAILS, { error: `image_detail is one of: ${VISION_DETAILS.join(', ')}` })
    .optional(),
  /** At most this many photos a product (1–10; 4 by default). */
  max_images: z
    .number()
    .int('max_images is a whole number')
    .min(1, 'max_images is at least 1')
    .max(WORKFLOW_LIMITS.maxImagesMax, `max_images is at most ${WORKFLOW_LIMITS.maxImagesMax}`)
    .optional(),
});
export type WorkflowFields = z.infer<typeof workflowFieldsSchema>;

export const workflowFunctions = {
  'list-workflows': {
    request: noBody,
    response: z.object({ workflows: z.array(workflowSchema) }),
  },
  'new-workflow': {
    request: workflowFieldsSchema,
    response: z.object({ workflow_id: id }),
  },
  'update-workflow': {
    request: workflowFieldsSchema.partial().extend({ workflow_id: id }),
    response: z.object({ workflow: workflowSchema }),
  },
  'delete-workflow': {
    request: z.object({ workflow_id: id }),
    response: z.object({ deleted: z.literal(true) }),
  },
  'list-models': {
    request: noBody,
    /** What the configured endpoint's GET /models lists; empty when it lists nothing or cannot be reached. */
    response: z.object({ models: z.array(z.object({ id: z.string() })) }),
  },
} as const;
