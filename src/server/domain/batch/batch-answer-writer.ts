// The writer a batch answer is settled through: the product's first call returns the answer the Batch API
// already gave, so generateProduct's own checks, repair, fallbacks, save and log run exactly as for a direct
// call. A repair call is deferred to the follow-up repair batch (RepairDeferred carries its request), or, when
// the user chose to repair directly, goes to the provider at the full price, as a retry after an unusable
// answer does.
import {
  CallDeferred,
  type CopyWriter,
  type WriteCopyInput,
  type WriteCopyResult,
} from '../../leaves/ai/copy-writer';
import { parseCopy } from '../../leaves/ai/parse-answer';
import { WriterRegistry } from '../../leaves/ai/writer-registry';
import { BATCH_PRICE_MULTIPLIER } from './batch-lines';

/** The body of one output line's response: a chat completion. */
export type BatchCompletion = {
  choices?: {
    message?: { content?: string | null; refusal?: string | null };
    finish_reason?: string;
  }[];
  usage?: { prompt_tokens: number; completion_tokens: number };
};

/** Thrown by a repair call that goes in the follow-up repair batch; carries the request a direct call would send. */
export class RepairDeferred extends CallDeferred {
  override name = 'RepairDeferred';
  constructor(input: WriteCopyInput) {
    super(input, 'The repair goes in the follow-up repair batch.');
  }
}

export class BatchAnswerRegistry extends WriterRegistry {
  #answer: BatchCompletion | undefined;

  constructor(
    readonly direct: WriterRegistry,
    answer: BatchCompletion | undefined,
    readonly remoteBatchId: string,
    readonly isRepairDeferred = false,
  ) {
    super(direct.settings);
    this.#answer = answer;
  }

  override forWorkflow(workflow: { model: string }): CopyWriter {
    return {
      hasAnswer: (input) => this.#answer !== undefined && !input.repair,
      write: async (input) => {
        const answer = this.#answer;
        if (answer && !input.repair) {
          // Once only: a retry after an unusable answer is a fresh call.
          this.#answer = undefined;
          return answerToResult(input, answer, this.remoteBatchId);
        }
        if (input.repair && this.isRepairDeferred) throw new RepairDeferred(input);
        return this.direct.forWorkflow(workflow).write(input);
      },
    };
  }
}

/** A batch output line's completion as a writer's result, billed at the batch price. */
export function answerToResult(
  input: WriteCopyInput,
  answer: BatchCompletion,
  remoteBatchId: string,
): WriteCopyResult {
  const choice = answer.choices?.[0];
  const content = choice?.message?.content ?? '';
  const usage = answer.usage
    ? { prompt_tokens: answer.usage.prompt_tokens, completion_tokens: answer.usage.completion_tokens }
    : undefined;
  const billing = {
    via: 'batch' as const,
    batchId: remoteBatchId,
    priceMultiplier: BATCH_PRICE_MULTIPLIER,
  };
  const copy = parseCopy(content, choice?.message?.refusal ?? null, choice?.finish_reason, usage);
  const messages = input.prompt?.rendered ?? [];
  return {
    copy,
    content,
    model: input.model,
    usage: usage ?? { prompt_tokens: 0, completion_tokens: 0 },
    originalRequest: { model: input.model, messages: input.prompt?.templated ?? messages },
    finalRequest: { model: input.model, messages },
    billing,
  };
}
