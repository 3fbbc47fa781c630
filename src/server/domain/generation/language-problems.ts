// The copy check's language rule (common/copy-rules/wrong-language.ts), field by field: a field with English
// words in copy of another language, or one that reads as another language, is a problem the repair loop
// rewrites like any other.
import { findWrongLanguage } from '../../../common/copy-rules/wrong-language';
import type { ProductFacts } from '../../leaves/ai/copy-writer';
import { COPY_PROBLEM_MESSAGES, type CopyField } from './problem-messages';

type LanguageProblem = { field: CopyField; kind: 'wrong_language'; message: string };

export function languageProblems(
  texts: readonly (readonly [CopyField, string])[],
  facts: ProductFacts,
  language: string | null | undefined,
  protectedTerms: readonly string[] = [],
): LanguageProblem[] {
  if (!language) return [];
  const ownText = Object.values(facts).join('\n');
  const problems: LanguageProblem[] = [];
  for (const [field, text] of texts) {
    const wrong = findWrongLanguage(text, language, ownText, protectedTerms);
    if (!wrong) continue;
    const message =
      'englishWords' in wrong
        ? COPY_PROBLEM_MESSAGES.englishWords(field, wrong.englishWords, language)
        : COPY_PROBLEM_MESSAGES.readsAs(field, wrong.readsAs, language);
    problems.push({ field, kind: 'wrong_language', message });
  }
  return problems;
}
