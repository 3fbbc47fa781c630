// The provider call of one product, as the generate-product task makes it: the prompt built from the
// workflow's templates, the spending cap checked before every attempt, retries logged, and an unusable
// answer's tokens logged like any other answer's.
import { type CopyWriter, ProviderError, type WriteCopyInput, type WriteCopyResult } from '../ai/copy-writer';
import { withProviderRetries } from '../ai/retry-policy';
import type { Database } from '../db/client';
import type { PromptTemplates } from '../db/schema';
import { type LogTarget, logAiCall, logGeneral } from '../run-log/run-log';
import { spendingCapReached } from '../spending-cap/spending-cap';
import { withPrompt } from './build-prompt';

export class SpendingCapReached extends Error {
  override name = 'SpendingCapReached';
}

export type ProviderCall = (event: string, input: WriteCopyInput) => Promise<WriteCopyResult>;

export function createProviderCall({
  db,
  writer,
  templates,
  isCapKnownUnset: isCapKnownUnsetAtStart,
  target,
  signal,
}: {
  db: Database;
  writer: CopyWriter;
  templates: PromptTemplates;
  /** True when the product was read with no cap a moment ago, so the first attempt need not ask again. */
  isCapKnownUnset: boolean;
  target: LogTarget & { bundleId: number };
  signal?: AbortSignal;
}): ProviderCall {
  // Later attempts and the repair call ask again, since the user may set a cap while the run goes.
  let isCapKnownUnset = isCapKnownUnsetAtStart;
  return (event, input) => {
    const callInput = withPrompt(templates, input);
    return withProviderRetries(
      async () => {
        const capReached = isCapKnownUnset ? null : await spendingCapReached(db, target.bundleId);
        isCapKnownUnset = false;
        if (capReached) throw new SpendingCapReached(capReached);
        try {
          return await writer.write(callInput);
        } catch (error) {
          // An unusable answer still cost tokens: log it like any other answer.
          if (error instanceof ProviderError && error.usage) {
            await logAiCall(
              db,
              target,
              `${event} (unusable answer)`,
              {
                content: '',
                model: callInput.model,
                usage: error.usage,
                originalRequest: { model: callInput.model, messages: [] },
                finalRequest: { model: callInput.model, messages: [] },
              },
              { error: error.message },
            );
          }
          throw error;
        }
      },
      {
        signal,
        onRetry: ({ error, attempt, delayMs }) =>
          logGeneral(db, target, 'Provider call failed; retrying', {
            reason: error.message,
            kind: error.kind,
            attempt,
            wait_ms: delayMs,
          }),
      },
    );
  };
}
