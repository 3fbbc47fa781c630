// Prompt caching as OpenAI bills it, for the fake provider: a request whose leading messages repeat an earlier
// request's reports those messages' tokens as usage.prompt_tokens_details.cached_tokens, in whole blocks of
// `blockTokens` and only from `minTokens` on (OpenAI: 128 and 1024). Whole messages only, which is how the app
// shares a prefix (the system message of every product of a run).
import { createHash } from 'node:crypto';
import { countChatTokens } from '../../src/server/leaves/ai/tokens';

export type PromptCacheOptions = { minTokens?: number; blockTokens?: number };

type Message = { role: string; content: string };

export function createPromptCache({ minTokens = 1024, blockTokens = 128 }: PromptCacheOptions = {}) {
  const seen = new Set<string>();
  const keyOf = (model: string, messages: Message[]) =>
    createHash('sha256')
      .update(JSON.stringify([model, messages]))
      .digest('hex');
  return {
    /** The cached tokens of this request, and remembers its prefixes for the next ones. */
    cachedTokens(model: string, messages: Message[]): number {
      let cachedMessages = 0;
      for (let n = 1; n < messages.length; n++) {
        if (seen.has(keyOf(model, messages.slice(0, n)))) cachedMessages = n;
      }
      for (let n = 1; n < messages.length; n++) seen.add(keyOf(model, messages.slice(0, n)));
      if (cachedMessages === 0) return 0;
      // Without the reply's priming tokens, which come after the prompt.
      const tokens = countChatTokens(messages.slice(0, cachedMessages), model) - 3;
      const blocks = Math.floor(tokens / blockTokens) * blockTokens;
      return blocks >= minTokens ? blocks : 0;
    },
  };
}
