// Prompt templates. Variables are written {{name}} and filled from the product and the bundle's settings.
// Every field's rules are stated in the text itself, not only in the JSON schema: a server that turns the
// schema into a grammar (or takes none) never shows the schema's descriptions to the model.
import { aiFields, type CopyFieldRegistry } from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import type { PromptTemplates } from '../../db/schema';

/** The prompt's field rules: one line per field the model writes (the registry's), then the rules across them. */
export function fieldRules(registry: CopyFieldRegistry = COPY_FIELD_REGISTRY): string {
  return [
    'Answer with one JSON object with exactly these fields:',
    ...aiFields(registry).map((field) => `- ${field.name}: ${field.ai?.rule}`),
    'No two products share a page_title, meta_description or heading: name what sets this product apart.',
    'Claims need the product data: a number with its unit or noun ("3 year warranty", "45 cm") and words such as warranty, guarantee, certified, organic or handmade only when the product data says them.',
    'The page_title and heading name the product by words of its own name; qualities (material, finish, origin, durable, crafted) only when the product data says them.',
  ].join('\n');
}

const FIELD_RULES = fieldRules();

/** The field rules, for a workflow whose own templates leave them out (build-prompt.ts adds them). */
export const COPY_FIELD_RULES = FIELD_RULES;

export const DEFAULT_PROMPT_TEMPLATES: PromptTemplates = {
  system: [
    'You write search-engine copy for an online store{{business_type_clause}}.',
    'Tone of voice: {{tone_of_voice}}.',
    'Use only facts given in the product data. Never invent numbers, sizes, materials, certifications or claims.',
    FIELD_RULES,
    '{{keywords_clause}}',
  ].join('\n'),
  user: ['Write the copy for this product ({{image_count_phrase}}).', '', '{{product}}'].join('\n'),
  variant: [
    'This product is a variant of the product below, whose copy is already written.',
    'Write copy for the variant that states what differs ({{differences}}) and is not identical to the parent copy.',
    '',
    'Parent copy:',
    '{{parent_copy}}',
    '',
    'Variant ({{image_count_phrase}}):',
    '{{product}}',
  ].join('\n'),
  repair: 'Some fields broke the rules: {{problems}}. Return every field again, fixing only those problems.',
};
