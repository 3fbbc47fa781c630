// The contract's webhook functions: endpoints that receive signed events (Standard Webhooks).
import { z } from 'zod';
import { id, noBody } from './schema-parts';

export const WEBHOOK_EVENTS = [
  'run.completed',
  'run.paused',
  'run.failed_products',
  'push.completed',
  'batch.completed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_LIMITS = {
  maxUrlLength: 2000,
  maxEndpointsPerUser: 20,
  attemptsShown: 20,
  /** test-webhook calls one user may make in a minute; past it, 429 with Retry-After. */
  testsPerMinute: 10,
} as const;

export const webhookAttemptSchema = z.object({
  delivery_id: id,
  event_type: z.string(),
  attempt: z.number().int(),
  /** The receiver's HTTP status; null when it did not answer. */
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number(),
  created_at: z.string(),
});

export const webhookSchema = z.object({
  id,
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why it was switched off: it failed for 24 hours. */
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
  /** The newest delivery attempts, newest first. */
  recent_attempts: z.array(webhookAttemptSchema),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookFunctions = {
  'create-webhook': {
    request: z.object({
      url: z
        .string()
        .trim()
        .max(WEBHOOK_LIMITS.maxUrlLength, `url must be at most ${WEBHOOK_LIMITS.maxUrlLength} characters`),
      events: z
        .array(z.enum(WEBHOOK_EVENTS, { error: `events may hold ${WEBHOOK_EVENTS.join(', ')}` }))
        .min(1, 'events must name at least one event'),
    }),
    /** `secret` (whsec_…) signs every delivery; it is shown in this answer only. */
    response: z.object({ secret: z.string(), webhook: webhookSchema }),
  },
  'list-webhooks': {
    request: noBody,
    response: z.object({ webhooks: z.array(webhookSchema) }),
  },
  'delete-webhook': {
    request: z.object({ webhook_id: id }),
    response: z.object({ deleted: z.literal(true) }),
  },
  'test-webhook': {
    /** Sends a `webhook.test` event to the endpoint now, through the same queue and signature. */
    request: z.object({ webhook_id: id }),
    response: z.object({ queued: z.literal(true) }),
  },
} as const;
