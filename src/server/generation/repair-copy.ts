// The last resort after the repair call: grounded text from the offline writer for what is wrong, and cuts
// at a word boundary for what is only too long, each logged.
import type { CopyFields, WriteCopyInput } from '../ai/copy-writer';
import { writeOfflineCopy } from '../ai/offline-writer';
import type { Database } from '../db/client';
import { type LogTarget, logGeneral } from '../run-log/run-log';
import { type CopyField, type CopyProblem, checkCopy, describeProblems, fitCopyToLimits } from './check-copy';
import type { ProductContext } from './product-store';

/**
 * Still failing after the repair: ungrounded or missing fields take the offline writer's grounded text;
 * fields that are only too long are cut at a word boundary. Both are logged.
 */
export async function settleRemainingProblems(
  db: Database,
  target: LogTarget,
  context: ProductContext,
  input: WriteCopyInput,
  copy: CopyFields,
  problems: CopyProblem[],
): Promise<CopyFields> {
  const fallback = writeOfflineCopy({ ...input, repair: undefined }).copy;
  const replaced = new Set<CopyField>();
  const next: CopyFields = { ...copy, alt_texts: [...copy.alt_texts] };
  for (const problem of problems) {
    if (isLengthOnly(problem)) continue;
    const field = problem.field;
    if (field.startsWith('alt_texts')) {
      next.alt_texts = fallback.alt_texts;
      replaced.add('alt_texts');
    } else {
      const key = field as Exclude<keyof CopyFields, 'alt_texts'>;
      next[key] = fallback[key];
      replaced.add(key);
    }
  }
  const { copy: fitted, cutFields } = fitCopyToLimits(next);
  if (replaced.size > 0) {
    await logGeneral(db, target, 'Fields replaced with grounded text', {
      fields: [...replaced],
      problems: describeProblems(problems.filter((p) => !isLengthOnly(p))),
    });
  }
  if (cutFields.length > 0) {
    await logGeneral(db, target, 'Fields cut to fit the limits', { fields: cutFields });
  }
  const left = checkCopy(fitted, context.details, input.imageCount);
  if (left.length > 0)
    await logGeneral(db, target, 'Problems left after repair', { problems: describeProblems(left) });
  return fitted;
}

function isLengthOnly(problem: CopyProblem): boolean {
  return problem.kind === 'too_long';
}
