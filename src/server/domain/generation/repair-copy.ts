// The last resort after the repair call: grounded text from the offline writer for what is wrong, cuts at a
// word boundary for what is only too long or too wide, banned phrases taken out and protected terms written
// as given, each logged. Repeats of other products' copy are left to makeDistinct at save time.

import type { Database } from '../../db/client';
import type { CopyFields, WriteCopyInput } from '../../leaves/ai/copy-writer';
import { withVoiceRules, writeOfflineCopy } from '../../leaves/ai/offline-writer';
import { type LogTarget, logGeneral } from '../../leaves/run-log/run-log';
import {
  type CopyField,
  type CopyProblem,
  type CopyRulesContext,
  checkCopy,
  describeProblems,
  fitCopyToLimits,
  isCutOnly,
} from './check-copy';
import { baseFieldName } from './copy-field-texts';
import type { ProductContext } from './product-store';

type TextField = Exclude<keyof CopyFields, 'alt_texts'>;

/** Problems the offline writer's text mends: anything but a cut, a banned phrase or a protected term. */
const needsNewText = (problem: CopyProblem) =>
  !isCutOnly(problem) && problem.kind !== 'banned_phrase' && problem.kind !== 'protected_term';

/**
 * Still failing after the repair: ungrounded, missing, repeated or variant-unnamed fields take the offline
 * writer's grounded text; banned phrases are taken out and near misses of protected terms written as given;
 * fields that are only too long or too wide are cut at a word boundary. All of it is logged.
 */
export async function settleRemainingProblems(
  db: Database,
  target: LogTarget,
  context: ProductContext,
  input: WriteCopyInput,
  copy: CopyFields,
  problems: CopyProblem[],
  rules: CopyRulesContext = {},
): Promise<CopyFields> {
  const fallback = writeOfflineCopy({ ...input, repair: undefined }).copy;
  const replaced = new Set<CopyField>();
  const next: CopyFields = { ...copy, alt_texts: [...copy.alt_texts] };
  for (const problem of problems.filter(needsNewText)) {
    // An alt text or a question and answer takes the built-in writer's whole list.
    const field = baseFieldName(problem.field) as keyof CopyFields;
    if (field === 'alt_texts') next.alt_texts = fallback.alt_texts;
    else next[field as TextField] = fallback[field as TextField];
    replaced.add(field);
  }
  const mended = withVoiceRules(next, rules);
  const { copy: fitted, cutFields } = fitCopyToLimits(mended);
  if (replaced.size > 0) {
    await logGeneral(db, target, 'Fields replaced with grounded text', {
      fields: [...replaced],
      problems: describeProblems(problems.filter(needsNewText)),
    });
  }
  const voiceProblems = problems.filter((p) => p.kind === 'banned_phrase' || p.kind === 'protected_term');
  if (voiceProblems.length > 0) {
    await logGeneral(db, target, 'Banned phrases removed and protected terms restored', {
      problems: describeProblems(voiceProblems),
    });
  }
  if (cutFields.length > 0) {
    await logGeneral(db, target, 'Fields cut to fit the limits', { fields: cutFields });
  }
  const left = checkCopy(fitted, context.details, input.imageCount, rules);
  if (left.length > 0)
    await logGeneral(db, target, 'Problems left after repair', { problems: describeProblems(left) });
  return fitted;
}
