// The contract's webhook functions: endpoints that receive signed events (Standard Webhooks).
import { z } from 'zod';
import { id, noBody } from './schema-parts';

export const WEBHOOK_EVENTS = [
  'run.completed',
  'run.paused',
  'run.failed_products',
  'push.completed',
  'batch.completed',
  'trial.completed',
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

/** What a delivery may carry: the events an endpoint subscribes to, and test-webhook's own. */
export const WEBHOOK_DELIVERY_EVENTS = [...WEBHOOK_EVENTS, 'webhook.test'] as const;
export type WebhookDeliveryEvent = (typeof WEBHOOK_DELIVERY_EVENTS)[number];

const count = z.number().int().nonnegative();
const runOf = { bundle_id: id, workflow_id: id, bundle_workflow_id: id };
const runSettled = z.object({
  ...runOf,
  products: z.object({ total: count, done: count, failed: count }),
});

/**
 * Each event's `data`: the emitters (server/leaves/webhook-events) are typed by these, and the API document's
 * `webhooks` section is generated from them, so what a receiver is promised is what is sent.
 */
export const webhookEventData = {
  /** Every product of a run is written or failed. */
  'run.completed': runSettled,
  /** The run stopped at its spending cap or the monthly budget; `reason` says which. */
  'run.paused': z.object({ ...runOf, reason: z.string() }),
  /** As run.completed, sent besides it when some products failed. */
  'run.failed_products': runSettled,
  /** A push or an undo to a connected store finished, done or failed, with view-push's counts. */
  'push.completed': z.object({
    push_id: id,
    kind: z.enum(['push', 'undo']),
    /** For an undo: the push it took back. */
    undo_of: id.nullable(),
    store_id: id,
    bundle_workflow_id: id,
    state: z.enum(['done', 'failed']),
    error: z.string().nullable(),
    counts: z.object({ done: count, failed: count, skipped: count }),
  }),
  /** A Batch API batch was settled: the provider's status and how many requests it answered. */
  'batch.completed': z.object({
    bundle_id: id,
    bundle_workflow_id: id,
    batch_id: id,
    status: z.string(),
    answered: count,
    failed: count,
  }),
  /** Every workflow of a trial has written or failed each product of its sample; view-trial has the rest. */
  'trial.completed': z.object({
    trial_id: id,
    bundle_id: id,
    workflows: z.array(
      z.object({
        workflow_id: id,
        bundle_workflow_id: id,
        done: count,
        failed: count,
        /** USD of the workflow's calls on the sample; null when its model has no known price. */
        cost_usd: z.number().nullable(),
      }),
    ),
  }),
  /** Sent by test-webhook. */
  'webhook.test': z.object({ webhook_id: id }),
} as const satisfies Record<WebhookDeliveryEvent, z.ZodType>;
export type WebhookEventData<E extends WebhookDeliveryEvent> = z.infer<(typeof webhookEventData)[E]>;

/** A delivery's JSON body: Standard Webhooks' recommended { type, timestamp, data }. */
export function webhookEventBodySchema<E extends WebhookDeliveryEvent>(type: E) {
  return z.object({
    type: z.literal(type),
    /** When the event was emitted (ISO 8601, UTC). */
    timestamp: z.iso.datetime(),
    data: webhookEventData[type],
  });
}
