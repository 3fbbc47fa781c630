// A run's log lines as the contract answers them: general events, and AI calls with their request, answer,
// tokens and cost (SPEC §3). Part of the entities (entities.ts re-exports it).
import { z } from 'zod';

const id = z.number().int().positive();
const timestamp = z.string();

export const MESSAGE_ROLES = ['system', 'user', 'assistant', 'function'] as const;

const templateVariables = z.record(z.string(), z.unknown());

export const aiRequestSchema = z.object({
  messages: z.array(
    z.object({
      content: z.string(),
      role: z.enum(MESSAGE_ROLES),
      template_variables: templateVariables.optional(),
    }),
  ),
  template_variables: templateVariables.optional(),
  model: z.string(),
  temperature: z.number().optional(),
  stop: z
    .union([z.string(), z.array(z.string())])
    .nullable()
    .optional(),
  max_tokens: z.number().nullable().optional(),
});

export const aiResponseSchema = z.object({
  content: z.string(),
  role: z.enum(MESSAGE_ROLES),
  tokens: z.object({
    model: z.string(),
    prompt_tokens: z.number(),
    completion_tokens: z.number(),
    /** Of prompt_tokens, those the provider served from its prompt cache (charged at the cached price). */
    cached_tokens: z.number().optional(),
  }),
  original_request: aiRequestSchema,
  final_request: aiRequestSchema,
});

const logBase = {
  id,
  bundle_workflow_id: id,
  product_id: id.nullable().optional(),
  created_at: timestamp,
};

export const logEntrySchema = z.discriminatedUnion('type', [
  z.object({
    ...logBase,
    type: z.literal('general'),
    event: z.string(),
    additional: z.record(z.string(), z.unknown()),
  }),
  z.object({
    ...logBase,
    type: z.literal('ai'),
    event: z.string().optional(),
    response: aiResponseSchema,
    bundle_id: id,
    /** USD; null when the model's price is unknown (neither built in nor set on the workflow). */
    cost: z.number().nullable(),
    additional: z.record(z.string(), z.unknown()).optional(),
  }),
]);
export type LogEntry = z.infer<typeof logEntrySchema>;
