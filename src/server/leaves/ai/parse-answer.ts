// Reading a provider's answer: the copy fields out of the structured JSON, or a bad_response ProviderError
// saying why not; and an estimate of the tokens when the provider reports none.
import type { CopyFieldRegistry } from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import { aiAnswerSchema } from '../../../common/copy-fields/shapes';
import type { AiRequest } from './ai-request';
import { type CopyFields, ProviderError, type TokenUsage } from './copy-writer';
import { truncate } from './provider-errors';

/**
 * The copy in an answer. Limits are checked later by copy validation, which repairs or cuts; here only the
 * shape matters: the registry's fields the model writes.
 */
export function parseCopy(
  content: string,
  refusal: string | null,
  finishReason: string | undefined,
  usage: TokenUsage | undefined,
  registry: CopyFieldRegistry = COPY_FIELD_REGISTRY,
): CopyFields {
  const fail = (reason: string) =>
    new ProviderError(
      'bad_response',
      `The AI provider's answer could not be used: ${reason}.`,
      undefined,
      usage,
    );
  if (refusal) throw fail(`the model refused (${truncate(refusal, 200)})`);
  if (finishReason === 'length') throw fail('the answer was cut off at the token limit');
  if (finishReason === 'content_filter')
    throw fail("the answer was blocked by the provider's content filter");
  let json: unknown;
  try {
    json = JSON.parse(extractJsonObject(content));
  } catch {
    throw fail(content.trim() === '' ? 'it was empty' : 'it was not valid JSON');
  }
  const parsed = aiAnswerSchema(registry).safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'answer'} ${issue.message}`,
    );
    throw fail(`it did not have the expected fields (${truncate(problems.join('; '), 300)})`);
  }
  return parsed.data;
}

/**
 * The JSON object in an answer. With no response_format, a model may wrap it in a ```json fence or a sentence
 * before or after; the object is what lies between its first "{" and its last "}".
 */
export function extractJsonObject(content: string): string {
  const trimmed = content.trim();
  if (trimmed.startsWith('{')) return trimmed;
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  return start >= 0 && end > start ? trimmed.slice(start, end + 1) : trimmed;
}

// Some OpenAI-compatible servers omit usage. About four characters per token gives an approximate cost
// instead of a misleading zero.
export function estimateUsage(request: AiRequest, content: string): TokenUsage {
  const promptChars = request.messages.reduce((sum, message) => sum + message.content.length, 0);
  return {
    prompt_tokens: Math.max(1, Math.ceil(promptChars / 4)),
    completion_tokens: Math.max(1, Math.ceil(content.length / 4)),
  };
}
