// Text a model (or a template) breaks, which reads fine to a length check: a programming artefact
// ("undefined undefined", "{{name}}"), a sentence cut off mid-phrase ("…our team answers", a title ending
// in "with"), and a field that opens with one of the store's own labels (a section heading of the body, or a
// question the body then answers). Each would have to be deleted by hand before publishing.
import { htmlToText } from './html-to-text';

// Words a programming bug leaves where a value should be, and template or format placeholders.
const ARTEFACTS = /\b(?:undefined|NaN|null)\b|\[object Object\]|\{\{[^{}]*\}\}|\$\{[^{}]*\}|%[sd]\b/;

/** The artefact a text holds that the product's own data does not (a brand named "Null" is no bug). */
export function findArtefact(text: string, source: string): string | null {
  const found = ARTEFACTS.exec(text)?.[0];
  if (!found || source.toLowerCase().includes(found.toLowerCase())) return null;
  return found;
}

// Words that lead into something, so a title or heading cannot end on them: conjunctions, prepositions and
// articles of the languages stores write in.
export const CONNECTOR_WORDS = new Set(
  `and or with for of the a an to in on by from at as into
  y o con para de del la las el los un una en por al
  und oder mit für von der die das den dem ein eine im zum zur aus bei
  et ou avec pour du des le les au aux par sur
  e com do da dos das um uma em no na
  per di della il lo gli su
  of met voor van het een op
  и или с со в во на для из от по к ко о об у без до за при под`.split(/\s+/),
);

/** A connector word; a single letter only in lower case ("Vitamin E" and "Plan A" end fine). */
export const isConnector = (word: string) =>
  CONNECTOR_WORDS.has(word.toLowerCase()) && (word.length > 1 || word === word.toLowerCase());

// A sentence ends in a stop, possibly followed by closing quotes or brackets, then emoji or symbols.
const SENTENCE_END = /[.!?…。！？][»"”’')\]]*(?:[\p{Extended_Pictographic}\p{S}\s]|\uFE0F|\u200D)*$/u;
const LIST_ITEM = /^\s*(?:[-*•]|\d+[.)])\s+/;

/**
 * Whether a text stops before its phrase ends. A sentence field (meta description, description) must end a
 * sentence, unless it ends with a list; a title or heading must not end on a connector word or a joiner.
 */
export function endsMidPhrase(text: string, kind: 'sentences' | 'title'): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return false;
  if (kind === 'title') {
    if (/[&+,;:–—-]$/u.test(trimmed)) return true;
    const last = /(\p{L}+)$/u.exec(trimmed)?.[1];
    return last !== undefined && trimmed !== last && isConnector(last);
  }
  const lastLine = trimmed.split(/\r?\n/).at(-1) ?? '';
  return !LIST_ITEM.test(lastLine) && !SENTENCE_END.test(trimmed);
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}?]+/gu, ' ')
    .trim();

/**
 * Whether a line of a store's text is a label, not a sentence: a question the page then answers ("How do I
 * choose the right size?"), or a line without a stop of one or two words ("Useful links", "Ingredients") or
 * followed by the list it introduces. As a sentence it would read "Useful links." in the meta.
 */
export function isLabelLine(lines: readonly string[], index: number): boolean {
  const line = lines[index]!.trim();
  if (line === '' || LIST_ITEM.test(line)) return false;
  if (/\?$/.test(line)) return true;
  if (/[.!?:;,]$/.test(line)) return false;
  const next = lines.slice(index + 1).find((candidate) => candidate.trim() !== '');
  return line.split(/\s+/).length <= 2 || (next !== undefined && LIST_ITEM.test(next));
}

/**
 * The store's own labels in a product's description: its headings (h1–h6) and its label lines. The
 * product's name is no label: a heading that names the product may well open its copy.
 */
export function storeLabels(descriptionHtml: string, productName: string): string[] {
  const headings = [...descriptionHtml.matchAll(/<h[1-6]\b[^>]*>([\s\S]*?)<\/h[1-6]\s*>/gi)].map((match) =>
    htmlToText(match[1]!),
  );
  const lines = htmlToText(descriptionHtml).split(/\r?\n/);
  const labelLines = lines.filter((_, index) => isLabelLine(lines, index));
  const name = normalise(productName);
  return [...new Set([...headings, ...labelLines].map((label) => label.trim()))].filter((label) => {
    const key = normalise(label);
    return key.length >= 3 && !name.includes(key) && !key.includes(name);
  });
}

/** The store label a text opens with, or null. */
export function opensWithLabel(text: string, labels: readonly string[]): string | null {
  const opening = normalise(text);
  return labels.find((label) => opening.startsWith(normalise(label))) ?? null;
}
