// Claims the product data does not back, field by field: the copy check's grounding. A position in an alt text
// ("image 2 of 3") is not a claim, and copy in another language than its data's cannot repeat the data's nouns.
// A question and its answer are grounded as one: "Is it waterproof?" "Yes." asserts what the question names, so
// a claim on either side that the data lacks is an invented answer.
import { aiFields, type CopyFieldRegistry } from '../../../common/copy-fields/field-spec';
import { collectGroundedKeys, findUngroundedTokens } from '../../../common/copy-rules/claims';
import type { CopyFields, ProductFacts } from '../../leaves/ai/copy-writer';
import { fieldTexts, itemName, pairsOf } from './copy-field-texts';
import { COPY_PROBLEM_MESSAGES, type CopyField } from './problem-messages';

type UngroundedProblem = { field: CopyField; kind: 'ungrounded' | 'invented_answer'; message: string };

// "image 2 of 3" (or "2/3", as the built-in writer marks an image in a language it has no words for) tells a
// screen-reader user where they are; it is a position, not a product claim.
const IMAGE_POSITION = /\bimage (\d+) of (\d+)\b|(?<![\p{N}/])(\d+)\/(\d+)(?![\p{N}/])/giu;

function withoutImagePosition(altText: string, imageCount: number): string {
  return altText.replace(IMAGE_POSITION, (phrase, ...groups: (string | undefined)[]) => {
    const index = Number(groups[0] ?? groups[2]);
    const total = Number(groups[1] ?? groups[3]);
    return total === imageCount && index >= 1 && index <= imageCount ? 'image' : phrase;
  });
}

/** Whether the copy can repeat its data's nouns word for word: only English copy of English data can. */
export function nounMode(context: { language?: string | null; dataLanguage?: string | null }): {
  anyNoun: boolean;
} {
  const isOther = (tag: string | null | undefined) => {
    const language = tag?.trim().toLowerCase() ?? '';
    return language !== '' && !language.startsWith('en');
  };
  return { anyNoun: isOther(context.language) || isOther(context.dataLanguage) };
}

/** Claims the product data does not back, field by field. */
export function ungroundedProblems(
  copy: CopyFields,
  facts: ProductFacts,
  imageCount: number,
  mode: { anyNoun: boolean },
  registry: CopyFieldRegistry,
): UngroundedProblem[] {
  const problems: UngroundedProblem[] = [];
  const grounded = collectGroundedKeys(facts);
  for (const [field, text] of fieldTexts(copy, registry)) {
    if (field.includes('].')) continue; // one side of a question and answer: judged as a pair below
    const checked = field.startsWith('alt_texts[') ? withoutImagePosition(text, imageCount) : text;
    for (const token of findUngroundedTokens(checked, grounded, mode)) {
      problems.push({ field, kind: 'ungrounded', message: COPY_PROBLEM_MESSAGES.ungrounded(field, token) });
    }
  }
  return [...problems, ...inventedAnswerProblems(copy, grounded, mode, registry)];
}

/** Each pair whose question or answer claims what the data does not say, once per claim. */
function inventedAnswerProblems(
  copy: CopyFields,
  grounded: ReadonlySet<string>,
  mode: { anyNoun: boolean },
  registry: CopyFieldRegistry,
): UngroundedProblem[] {
  return aiFields(registry)
    .filter((field) => field.pairs)
    .flatMap((field) =>
      pairsOf(copy, field).flatMap((pair, index) => {
        const name = itemName(field, index);
        const tokens = findUngroundedTokens(`${pair.question}\n${pair.answer}`, grounded, mode);
        return [...new Set(tokens)].map((token) => ({
          field: name,
          kind: 'invented_answer' as const,
          message: COPY_PROBLEM_MESSAGES.inventedAnswer(name, token),
        }));
      }),
    );
}
