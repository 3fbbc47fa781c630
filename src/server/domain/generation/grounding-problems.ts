// Claims the product data does not back, field by field: the copy check's grounding. A position in an alt text
// ("image 2 of 3") is not a claim, and copy in another language than its data's cannot repeat the data's nouns.
import type { CopyFieldRegistry } from '../../../common/copy-fields/field-spec';
import { collectGroundedKeys, findUngroundedTokens } from '../../../common/copy-rules/claims';
import type { CopyFields, ProductFacts } from '../../leaves/ai/copy-writer';
import { fieldTexts } from './copy-field-texts';
import { COPY_PROBLEM_MESSAGES, type CopyField } from './problem-messages';

type UngroundedProblem = { field: CopyField; kind: 'ungrounded'; message: string };

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
    const checked = field.startsWith('alt_texts[') ? withoutImagePosition(text, imageCount) : text;
    for (const token of findUngroundedTokens(checked, grounded, mode)) {
      problems.push({ field, kind: 'ungrounded', message: COPY_PROBLEM_MESSAGES.ungrounded(field, token) });
    }
  }
  return problems;
}
