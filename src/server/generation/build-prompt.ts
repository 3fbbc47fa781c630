// The prompt of a copy call, from the workflow's templates: as templated (for the log) and as sent. Built
// here so that the writers in ai/ only ever send what they are given.
import type { AiRequest } from '../ai/ai-request';
import type { CopyPrompt, ProductFacts, WriteCopyInput } from '../ai/copy-writer';
import type { PromptTemplates } from '../db/schema';
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
    parent_copy: input.parent ? JSON.stringify(input.parent.copy) : '',
    differences: input.parent ? input.parent.differences.join(', ') : '',
  };
  const messages: TemplatedMessage[] = [
    templatedMessage('system', templates.system, variables),
    templatedMessage('user', input.parent ? templates.variant : templates.user, variables),
  ];
  if (input.repair) {
    messages.push({ role: 'assistant', content: JSON.stringify(input.repair.previous) });
    messages.push(templatedMessage('user', templates.repair, { problems: input.repair.problems.join('; ') }));
  }
  return messages;
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
