// A chat-completion request as the fake provider recorded it, parsed: the model, the text messages (a
// workflow that sees sends photo parts too, which tests/support/fake-vision.ts reads) and the output limit,
// with any other field kept as `unknown`.
import { z } from 'zod';
import type { RecordedRequest } from './fake-openai';

export const chatRequestBody = z.looseObject({
  model: z.string(),
  messages: z.array(z.looseObject({ role: z.string(), content: z.string() })),
  max_tokens: z.number().optional(),
  max_completion_tokens: z.number().optional(),
});
export type ChatRequestBody = z.infer<typeof chatRequestBody>;

/** The bodies of the chat-completion requests among `requests`, parsed. */
export function chatBodies(requests: readonly RecordedRequest[]): ChatRequestBody[] {
  return requests
    .filter((request) => request.path.endsWith('/chat/completions'))
    .map((request) => chatRequestBody.parse(request.body));
}
