// Schemas and lists built from a registry: the contract's field enums and objects, the AI answer's Zod
// schema and the JSON schema sent to the model. Their types are the real registry's; a test registry with
// more fields gets those fields at run time.
import { z } from 'zod';
import {
  aiFields,
  type CopyFieldRegistry,
  type CopyFieldSpec,
  generatedTextFields,
  type JsonSchemaEntry,
} from './field-spec';
import { qaPairsText, readQaPairs } from './qa-pairs';
import {
  type AiCopy,
  COPY_FIELD_REGISTRY,
  type CopyFieldName,
  type EditableFieldName,
  type GeneratedTextFieldName,
} from './registry';

/** Every copy field's name, in registry order (the fields a lock can hold). */
export const COPY_FIELD_NAMES = COPY_FIELD_REGISTRY.map((field) => field.name) as [
  CopyFieldName,
  ...CopyFieldName[],
];

/** An object with one entry per field, each `make(field)`. */
export function shapeOf<N extends string, V>(
  fields: readonly CopyFieldSpec[],
  make: (field: CopyFieldSpec) => V,
): Record<N, V> {
  return Object.fromEntries(fields.map((field) => [field.name, make(field)])) as Record<N, V>;
}

/** The generated text fields of a product or a version, each `schema`, in registry order. */
export function generatedTextShape<S extends z.ZodType>(
  schema: S,
  registry: CopyFieldRegistry = COPY_FIELD_REGISTRY,
): Record<GeneratedTextFieldName, S> {
  return shapeOf(generatedTextFields(registry), () => schema);
}

/** update-product-copy's fields: every editable text field, each held to its maximum. */
export function editableShape(
  registry: CopyFieldRegistry = COPY_FIELD_REGISTRY,
): Record<EditableFieldName, z.ZodString> {
  return shapeOf(
    registry.filter((field) => field.edit),
    (field) => z.string().max(field.edit?.maxLength ?? 0),
  );
}

/** The model's answer: every field it writes, with no limits (the check repairs or cuts those). */
export function aiAnswerSchema(registry: CopyFieldRegistry = COPY_FIELD_REGISTRY): z.ZodType<AiCopy> {
  let schema = answerSchemas.get(registry);
  if (!schema) {
    schema = z.object(shapeOf(aiFields(registry), answerEntry)) as unknown as z.ZodType<AiCopy>;
    answerSchemas.set(registry, schema);
  }
  return schema;
}

// A question-and-answer list, kept as its JSON text (the field's value everywhere after the answer); a model
// without structured output may have written that text itself.
const PAIR_LIST = z
  .union([z.array(z.object({ question: z.string(), answer: z.string() })), z.string()])
  .transform((value) => qaPairsText(readQaPairs(value)));

function answerEntry(field: CopyFieldSpec): z.ZodType {
  if (field.holds === 'per_image') return z.array(z.string());
  return field.pairs ? PAIR_LIST : z.string();
}

// Every answer is parsed with its registry's schema: built once per registry.
const answerSchemas = new WeakMap<CopyFieldRegistry, z.ZodType<AiCopy>>();

/** The structured answer as the model is sent it. Strict mode demands every property be required and no others allowed. */
export function aiJsonSchema(registry: CopyFieldRegistry = COPY_FIELD_REGISTRY) {
  const fields = aiFields(registry);
  return {
    type: 'object',
    properties: shapeOf<string, JsonSchemaEntry>(fields, (field) => field.ai!.schema),
    required: fields.map((field) => field.name),
    additionalProperties: false,
  } as const;
}

/** An object keyed by each field's drizzle key, each `make(field)`: a row's columns to set or select. */
export function keyedOf<V>(
  fields: readonly CopyFieldSpec[],
  make: (field: CopyFieldSpec) => V,
): Record<string, V> {
  return Object.fromEntries(fields.map((field) => [field.key, make(field)]));
}

/** The copy the model wrote, read back from a row (keys as the schema names them) and its images' texts. */
export function copyFromRow(
  row: Record<string, unknown>,
  perImage: string[],
  registry: CopyFieldRegistry = COPY_FIELD_REGISTRY,
): AiCopy {
  return shapeOf(aiFields(registry), (field) =>
    field.holds === 'per_image' ? perImage : ((row[field.key] as string | null | undefined) ?? ''),
  ) as unknown as AiCopy;
}

/** The copy with `change` applied to every text the model wrote (each per-image text too), in registry order. */
export function mapCopyTexts(
  copy: AiCopy,
  change: (text: string) => string,
  registry: CopyFieldRegistry = COPY_FIELD_REGISTRY,
): AiCopy {
  const values = copy as unknown as Record<string, string | string[]>;
  return shapeOf(aiFields(registry), (field) => {
    const value = values[field.name] ?? '';
    if (Array.isArray(value)) return value.map(change);
    if (!field.pairs) return change(value);
    const pairs = readQaPairs(value);
    return qaPairsText(
      pairs.map((pair) => ({ question: change(pair.question), answer: change(pair.answer) })),
    );
  }) as unknown as AiCopy;
}

/** The copy as the model answers it: a question-and-answer field as its list, not its JSON text. */
export function copyAsAnswered(
  copy: AiCopy,
  registry: CopyFieldRegistry = COPY_FIELD_REGISTRY,
): Record<string, unknown> {
  const values = copy as unknown as Record<string, unknown>;
  return shapeOf(aiFields(registry), (field) =>
    field.pairs ? readQaPairs(values[field.name]) : values[field.name],
  );
}
