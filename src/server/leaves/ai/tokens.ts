// Token counts for cost estimates before a run and for the offline writer's usage (DESIGN.md, stack: tokens).
import { getEncoding, type Tiktoken } from 'js-tiktoken';

type EncodingName = 'o200k_base' | 'cl100k_base';

// Loading an encoding costs about 0.8 s and 22 MB (STACK-NOTES.md), so each is loaded once, on first use.
const encoders = new Map<EncodingName, Tiktoken>();

// The gpt-4o family and everything after it use o200k_base; gpt-3.5 and gpt-4 use cl100k_base.
const O200K_MODEL = /^(?:gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4)(?:$|[-.])/;

/** The encoding a model's tokenizer uses; cl100k_base for unknown models and the offline writer. */
export function encodingFor(model?: string): EncodingName {
  return model && O200K_MODEL.test(model.trim().toLowerCase()) ? 'o200k_base' : 'cl100k_base';
}

/** Whether the model's own tokenizer is known (OpenAI's families); else cl100k_base stands in for it. */
export function isKnownEncoding(model: string): boolean {
  const name = model.trim().toLowerCase();
  return O200K_MODEL.test(name) || /^(?:gpt-4|gpt-3\.5)(?:$|[-.])/.test(name);
}

/** The encoding a model's tokens are counted with, said plainly, and whether it stands in for an unknown one. */
export function describeEncoding(model: string): {
  encoding: EncodingName;
  stands_in: boolean;
  note: string;
} {
  const encoding = encodingFor(model);
  const standsIn = model !== 'offline' && !isKnownEncoding(model);
  return {
    encoding,
    stands_in: standsIn,
    note: standsIn
      ? `No tokenizer is known for ${model}: OpenAI's ${encoding} (gpt-4's) stands in, so its counts are close, not exact.`
      : `Counted with OpenAI's ${encoding}, the tokenizer ${model === 'offline' ? 'the built-in writer reports' : `${model} uses`}.`,
  };
}

function loadEncoder(name: EncodingName): Tiktoken {
  let encoder = encoders.get(name);
  if (!encoder) {
    encoder = getEncoding(name);
    encoders.set(name, encoder);
  }
  return encoder;
}

/** Tokens in a piece of text. Text such as "<|endoftext|>" in product data counts as plain text. */
export function countTokens(text: string, model?: string): number {
  if (text === '') return 0;
  // Both lists empty: js-tiktoken otherwise throws on special-token text instead of counting it.
  return loadEncoder(encodingFor(model)).encode(text, [], []).length;
}

export type ChatMessageForCount = { role: string; content: string; name?: string };

// OpenAI's published accounting for chat models: every message is wrapped in 3 tokens, a name adds 1,
// and every reply is primed with 3 more.
const TOKENS_PER_MESSAGE = 3;
const TOKENS_PER_NAME = 1;
const REPLY_PRIMING_TOKENS = 3;

/** Prompt tokens a chat request will be billed for, including the per-message overhead. */
export function countChatTokens(messages: readonly ChatMessageForCount[], model?: string): number {
  let total = REPLY_PRIMING_TOKENS;
  for (const message of messages) {
    total += TOKENS_PER_MESSAGE + countTokens(message.role, model) + countTokens(message.content, model);
    if (message.name) total += TOKENS_PER_NAME + countTokens(message.name, model);
  }
  return total;
}
