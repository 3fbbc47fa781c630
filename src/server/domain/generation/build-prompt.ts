// The prompt of a copy call, from the workflow's templates: as templated (for the log) and as sent. Built
// here so that the writers in ai/ only ever send what they are given. What every product of a run shares (the
// system message: instructions, field rules, voice, language, terms, keywords) comes first and is byte-identical
// for all of them; what is the product's own (its data, a variant's values and siblings) comes last, in the user
// message, so that a provider's prompt cache serves the shared part.

import { FALLBACK_LANGUAGE } from '../../../common/contract/language';
import { copyAsAnswered } from '../../../common/copy-fields/shapes';
import { describeRange } from '../../../common/copy-rules/variant-range';
import { primaryLanguage } from '../../../common/languages/detect-language';
import type { PromptTemplates } from '../../db/schema';
import type { AiRequest } from '../../leaves/ai/ai-request';
import type { CopyPrompt, ProductFacts, WriteCopyInput } from '../../leaves/ai/copy-writer';
import { COPY_FIELD_RULES } from './prompt-templates';
import { listTemplateVariables, renderTemplate, type TemplateVariables } from './render-template';

type TemplatedMessage = AiRequest['messages'][number];

export const DEFAULT_TONE_OF_VOICE = 'clear and friendly';

/** The input with its prompt, for a writer that sends one (the offline writer ignores it). */
export function withPrompt(templates: PromptTemplates, input: WriteCopyInput): WriteCopyInput {
  const templated = buildMessages(templates, input);
  const prompt: CopyPrompt = { templated, rendered: renderMessages(templated) };
  return { ...input, prompt };
}

/** The messages as templated: template text plus the variables it uses, or literal text (a previous answer). */
export function buildMessages(templates: PromptTemplates, input: WriteCopyInput): TemplatedMessage[] {
  const { settings } = input;
  const businessType = settings.business_type.trim();
  const keywords = settings.keywords.trim();
  const variables: TemplateVariables = {
    product: describeProduct(input.product),
    image_count: input.imageCount,
    image_count_phrase: describeImageCount(input.imageCount),
    keywords,
    keywords_clause: keywords ? `Work the primary keywords in naturally where they fit: ${keywords}.` : '',
    business_type_clause: businessType ? ` selling ${businessType}` : '',
    tone_of_voice: settings.tone_of_voice.trim() || DEFAULT_TONE_OF_VOICE,
    parent_copy: input.parent?.copy ? JSON.stringify(input.parent.copy) : '',
    differences: input.parent ? input.parent.differences.join(', ') : '',
  };
  variables.workflow_rules = describeWorkflowRules(input, templates.system.includes('page_title'));
  variables.variant_rules = [...describeVariantRules(input.parent), ...describeRangeRules(input.range)].join(
    '\n',
  );
  // Always added: the language is always named.
  const system = variables.workflow_rules ? `${templates.system}\n{{workflow_rules}}` : templates.system;
  // A variant whose parent is being written at the same time (one batch) has no parent copy to show: it is
  // described as a product of its own, and the rules say what it is a variant of.
  const user = input.parent?.copy ? templates.variant : templates.user;
  variables.photo_rules = describePhotoRules(input);
  const ownRules = ['variant_rules', 'photo_rules'].filter((name) => variables[name]);
  const messages: TemplatedMessage[] = [
    templatedMessage('system', system, variables),
    // The variant's own rules after its data: the product's part of the prompt, after the shared part.
    templatedMessage('user', [user, ...ownRules.map((name) => `{{${name}}}`)].join('\n\n'), variables),
  ];
  if (input.repair) {
    messages.push({ role: 'assistant', content: JSON.stringify(copyAsAnswered(input.repair.previous)) });
    messages.push(templatedMessage('user', templates.repair, { problems: input.repair.problems.join('; ') }));
  }
  return messages;
}

/** "German (de)" for "de"; the tag alone when the runtime does not know its name. */
export function describeLanguage(tag: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(tag);
    return name && name !== tag ? `${name} (${tag})` : tag;
  } catch {
    return tag;
  }
}

/** The prompt's language line: "Write in French (fr): every field … is in French (fr) …". */
export function describeLanguageRule(language: string): string {
  const named = describeLanguage(language);
  const rule = `Write in ${named}: every field, fact sheet labels included, is in ${named}; the limits above stay the same. Product and brand names stay as they are.`;
  if (primaryLanguage(language) === 'en') return rule;
  return `${rule} Use no English word or phrase that the product data does not use itself.`;
}

/** What a variant's title and heading must name: "Silver" from "colour: Silver (parent: Gold)". */
export function variantValuesOf(differences: readonly string[]): string[] {
  return differences
    .map((difference) => /^[^:]+:\s*(.*?)(?:\s*\(parent: .*\))?$/.exec(difference)?.[1]?.trim() ?? '')
    .filter((value) => value !== '' && value !== 'none');
}

/**
 * The rules a workflow adds to every prompt, stated in the text itself: the field rules
 * when the workflow's own templates leave them out, the language, banned phrases, protected terms and voice
 * notes. The same for every product of a run (a variant's own rules go in its user message). Sent as a
 * variable, so nothing in the workflow's settings is read as a template.
 */
export function describeWorkflowRules(input: WriteCopyInput, templateStatesFields: boolean): string {
  const lines: string[] = [];
  if (!templateStatesFields) lines.push(COPY_FIELD_RULES);
  const voice = input.voice ?? {};
  // Always named, English included: a prompt that names none gets English from most models whatever the data.
  lines.push(describeLanguageRule(voice.language?.trim() || FALLBACK_LANGUAGE));
  const banned = (voice.bannedPhrases ?? []).map((phrase) => phrase.trim()).filter(Boolean);
  if (banned.length > 0) {
    lines.push(`Never use these phrases, in any case or form: ${banned.map((p) => `"${p}"`).join(', ')}.`);
  }
  const terms = (voice.protectedTerms ?? []).map((term) => term.trim()).filter(Boolean);
  if (terms.length > 0) {
    lines.push(
      `Protected terms: write these exactly as given, never translated, respelled or recased: ${terms.map((t) => `"${t}"`).join(', ')}.`,
    );
  }
  const notes = voice.voiceNotes?.trim();
  if (notes) lines.push(`Voice notes: ${notes}`);
  return lines.join('\n');
}

/**
 * For a variant, in its user message: what it is a variant of (when its parent's copy is not written yet), the values its title and
 * heading must name, and its siblings, whose meta descriptions its own must not echo.
 */
function describeVariantRules(parent: WriteCopyInput['parent']): string[] {
  if (!parent) return [];
  const lines: string[] = [];
  const parentName = parent.product.product_name?.trim();
  if (!parent.copy && parentName && parent.differences.length > 0) {
    lines.push(
      `This product is a variant of "${parentName}", written at the same time as it; it differs in ${parent.differences.join(', ')}.`,
    );
  }
  const values = variantValuesOf(parent.differences);
  if (values.length > 0) {
    lines.push(
      `This is a variant: its page_title and heading must each name ${values.map((v) => `"${v}"`).join(' and ')}.`,
    );
  }
  const siblings = parent.siblings ?? [];
  if (siblings.length > 0) {
    lines.push(
      `Its sibling variants (${siblings.join(', ')}) get copy of their own: write its meta_description in words of its own, not theirs with only the value changed.`,
    );
  }
  return lines;
}

/**
 * For a product whose photos are attached (to its user message, after this text): which images they are, and
 * that what a photo shows goes in its alt text only, never into a claim elsewhere.
 */
export function describePhotoRules(input: WriteCopyInput): string {
  const photos = input.photos?.photos ?? [];
  if (photos.length === 0) return '';
  const places = photos.map((photo) => photo.position + 1).join(', ');
  const which =
    photos.length === input.imageCount
      ? `The product's ${photos.length === 1 ? 'photo is' : `${photos.length} photos are`} attached, in the order of its images.`
      : `Photos of images ${places} of the product's ${input.imageCount} are attached, in that order.`;
  return [
    which,
    'Each attached photo\'s alt text describes what that photo shows (the product, its colour, the view and the setting) in words of its own, within the limit, in the copy\'s language, and never starts with "image of" or "picture of".',
    'What you see in a photo goes in its alt text only: every other field says only what the product data says.',
    "List what you see in each attached photo in photo_facts, one fact an entry: its image number (1 for the product's first image), a name (colour, material, pattern, shape, subject) and a value of a word or two; a person checks them before any other field may say them.",
  ].join(' ');
}

/**
 * For a product sold in variants, in its user message: its own page is about all of them, so no field may
 * single out one variant's value, though it may name the whole range.
 */
function describeRangeRules(range: WriteCopyInput['range']): string[] {
  if (!range || range.length === 0) return [];
  return [
    `This product is sold in variants (${describeRange(range)}). Write every field about the product as a whole: never name one variant's value alone (not one size or colour); you may name the whole range or say how many there are.`,
  ];
}

function templatedMessage(
  role: TemplatedMessage['role'],
  template: string,
  variables: TemplateVariables,
): TemplatedMessage {
  const used = Object.fromEntries(
    listTemplateVariables(template).map((name) => [name, variables[name] ?? '']),
  );
  return { role, content: template, template_variables: used };
}

/** The messages as sent: each template filled in with its own variables. */
export function renderMessages(
  templated: TemplatedMessage[],
): { role: TemplatedMessage['role']; content: string }[] {
  return templated.map(({ role, content, template_variables }) => ({
    role,
    content: template_variables ? renderTemplate(content, template_variables as TemplateVariables) : content,
  }));
}

/** "no images", "1 image, one alt text" or "3 images, one alt text each": never "(1 images)". */
export function describeImageCount(count: number): string {
  if (count === 0) return 'no images, so alt_texts is an empty list';
  if (count === 1) return '1 image, one alt text';
  return `${count} images, one alt text each`;
}

/** A compact "key: value" listing of the facts that have a value, one per line. */
export function describeProduct(product: ProductFacts): string {
  return Object.entries(product)
    .map(([key, value]) => [key, compactText(value ?? '')] as const)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n');
}

// Multi-line values (a fact sheet) stay on their key's line, so every line of the listing is one fact.
function compactText(value: string): string {
  return value
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('; ');
}
