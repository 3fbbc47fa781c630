// Prompt templates. Variables are written {{name}} and filled from the product and the bundle's settings.
import type { PromptTemplates } from '../db/schema';

export const DEFAULT_PROMPT_TEMPLATES: PromptTemplates = {
  system: [
    'You write search-engine copy for an online store{{business_type_clause}}.',
    'Tone of voice: {{tone_of_voice}}.',
    'Use only facts given in the product data. Never invent numbers, sizes, materials, certifications or claims.',
    'Limits: page_title at most 60 characters; meta_description 120 to 155 characters; heading at most 70 characters; each alt text at most 125 characters.',
    'Work the primary keywords in naturally where they fit: {{keywords}}.',
  ].join('\n'),
  user: [
    'Write the copy for this product. Return one alt text per image, in order ({{image_count}} images).',
    '',
    '{{product}}',
  ].join('\n'),
  variant: [
    'This product is a variant of the product below, whose copy is already written.',
    'Write copy for the variant that states what differs ({{differences}}) and is not identical to the parent copy.',
    '',
    'Parent copy:',
    '{{parent_copy}}',
    '',
    'Variant ({{image_count}} images, one alt text each):',
    '{{product}}',
  ].join('\n'),
  repair: 'Some fields broke the rules: {{problems}}. Return every field again, fixing only those problems.',
};
