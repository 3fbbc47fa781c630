// The "Built-in writer (no AI)" (DESIGN.md, "Offline writer"): a deterministic, rule-based writer that
// builds every field from the product's own input and fits the same limits as the AI writers. It never
// states a number or material the input lacks: it only reuses the input's own sentences and values, adds
// generic phrases that are true of any product page, and drops any keyword phrase that would claim more.
import { fieldWithQaPairs } from '../../../common/copy-fields/field-spec';
import { qaPairsText } from '../../../common/copy-fields/qa-pairs';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import { mapCopyTexts } from '../../../common/copy-fields/shapes';
import { removeBannedPhrases, restoreProtectedTerms } from '../../../common/copy-rules/copy-rules';
import type { AiRequest } from './ai-request';
import type { CopyFields, CopyWriter, WriteCopyInput, WriteCopyResult } from './copy-writer';
import { writeAltTexts } from './offline-alt-texts';
import { writeFactSheet } from './offline-fact-sheet';
import { readFacts } from './offline-facts';
import {
  relevantKeywords,
  setApartFromParent,
  writeDescription,
  writeHeading,
  writeMetaDescription,
  writePageTitle,
} from './offline-fields';
import { writeQaPairs } from './offline-qa';
import type { PixelFacts } from './pixel-facts';
import { countTokens } from './tokens';
export const OFFLINE_MODEL = 'offline';

// The registry's count of pairs, which the check holds the copy to.
const QA_COUNT = fieldWithQaPairs(COPY_FIELD_REGISTRY)?.pairs ?? { min: 0, max: 0 };

/** The prompt as templated in the log; `{{facts}}` is the JSON of every fact the writer used. */
export const OFFLINE_PROMPT_TEMPLATE =
  'Write the copy for this product from its own fields only.\n\n{{facts}}';

/** What sharp read from each photo, at its image's place; none for an image not read. */
function pixelsByPosition(input: WriteCopyInput) {
  const byPosition: (PixelFacts | undefined)[] = [];
  for (const photo of input.photos?.photos ?? []) byPosition[photo.position] = photo.pixels;
  return byPosition;
}

/** The copy and its logged request and usage, computed synchronously. */
export function writeOfflineCopy(input: WriteCopyInput): WriteCopyResult {
  const facts = readFacts(input);
  const keywords = relevantKeywords(input.settings.keywords, facts);
  let copy: CopyFields = {
    page_title: writePageTitle(facts),
    meta_description: writeMetaDescription(facts, keywords, input.settings.tone_of_voice, variationOf(input)),
    heading: writeHeading(facts, input.parent !== undefined),
    description: writeDescription(facts, input, keywords),
    fact_sheet: writeFactSheet(input.product, input.product.fact_sheet, input.range, facts.book),
    questions_and_answers: qaPairsText(writeQaPairs(facts, input.range ?? [], QA_COUNT)),
    alt_texts: writeAltTexts(facts, input.imageCount, pixelsByPosition(input)),
  };
  if (input.parent?.copy) copy = setApartFromParent(copy, facts, input.parent.copy);
  copy = withTidyStops(withVoiceRules(copy, input.voice));

  const used = {
    product: Object.fromEntries(
      Object.entries(input.product).filter(([, fact]) => fact !== null && fact !== ''),
    ),
    image_count: input.imageCount,
    keywords: input.settings.keywords,
    tone_of_voice: input.settings.tone_of_voice,
    ...(input.parent ? { differences: input.parent.differences } : {}),
  };
  const factsJson = JSON.stringify(used, null, 2);
  const content = JSON.stringify(copy);
  const templateVariables = { facts: factsJson };
  const originalRequest: AiRequest = {
    model: OFFLINE_MODEL,
    temperature: 0,
    messages: [{ role: 'user', content: OFFLINE_PROMPT_TEMPLATE, template_variables: templateVariables }],
    template_variables: templateVariables,
  };
  const finalRequest: AiRequest = {
    model: OFFLINE_MODEL,
    temperature: 0,
    messages: [{ role: 'user', content: OFFLINE_PROMPT_TEMPLATE.replace('{{facts}}', () => factsJson) }],
  };
  return {
    copy,
    content,
    model: OFFLINE_MODEL,
    usage: {
      prompt_tokens: countTokens(factsJson, OFFLINE_MODEL),
      completion_tokens: countTokens(content, OFFLINE_MODEL),
    },
    originalRequest,
    finalRequest,
  };
}

/**
 * Which wording to write: the one asked for, or the first alternative when a repair says the copy repeats
 * another product's (the offline writer otherwise ignores repairs: its copy meets every other check).
 */
function variationOf(input: WriteCopyInput): number {
  if (input.variation !== undefined) return input.variation;
  return input.repair?.problems.some((problem) => /another product's/.test(problem)) ? 1 : 0;
}

// A sentence stop right after a name's own ("Acme Shoe Co." + "." or "Yahoo!" + "."), never an ellipsis.
const DOUBLE_STOP = /(?<!\.)([.!?])\.(?!\.)/g;

/** The templates end sentences after names and values; a name that ends in a stop keeps just its own. */
export function withTidyStops(copy: CopyFields): CopyFields {
  return mapCopyTexts(copy, (text) => text.replace(DOUBLE_STOP, '$1'));
}

/**
 * The workflow's banned phrases left out and its protected terms written as given, in every field: the built-in
 * writer's own text, and the last resort after a repair (generation/repair-copy.ts).
 */
export function withVoiceRules(
  copy: CopyFields,
  voice: { bannedPhrases?: readonly string[]; protectedTerms?: readonly string[] } | undefined,
): CopyFields {
  const banned = voice?.bannedPhrases ?? [];
  const terms = voice?.protectedTerms ?? [];
  if (banned.length === 0 && terms.length === 0) return copy;
  return mapCopyTexts(copy, (text) => restoreProtectedTerms(removeBannedPhrases(text, banned), terms));
}

/**
 * The built-in writer. Deterministic: the same input always gives the same copy. It ignores `repair`,
 * because its copy already meets every check, and costs nothing (model `offline`).
 */
export class OfflineWriter implements CopyWriter {
  write(input: WriteCopyInput): Promise<WriteCopyResult> {
    try {
      input.signal?.throwIfAborted();
      return Promise.resolve(writeOfflineCopy(input));
    } catch (error) {
      return Promise.reject(error);
    }
  }
}
