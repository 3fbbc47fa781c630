// Webhooks: endpoints a user registers, each event queued for each endpoint that wants it, and
// every delivery attempt kept so the user can see what their receiver answered.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt } from './columns';
import { workspaceOwnerId } from './workspaces';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The workspace whose events it receives. */
    ownerId: workspaceOwnerId(),
    /** The member who registered it. */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /**
     * The Standard Webhooks signing secret ("whsec_…"), sealed like store credentials
     * (src/server/leaves/secrets/seal.ts): it has to be readable to sign with, but not by whoever reads the table.
     */
    sealedSecret: text('sealed_secret'),
    /**
     * Only in rows written before secrets were sealed: the secret in plain text. Sealed at boot (and at the
     * next delivery, whichever comes first) by webhook-secrets.ts, then null; no new row has it.
     */
    secret: text('secret'),
    enabled: boolean('enabled').notNull().default(true),
    /** Why the endpoint was switched off (it failed for 24 hours), shown to the user. */
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_endpoints_owner_idx').on(t.ownerId),
    check('webhook_endpoints_one_secret', sql`(${t.sealedSecret} is null) <> (${t.secret} is null)`),
  ],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The webhook-id header: the same for every attempt, so a receiver can drop a repeat. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    /** One delivery per endpoint and happening (say, one run.completed per finished run). */
    dedupeKey: text('dedupe_key'),
    /** pending, delivered, or failed (gave up after 24 hours). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId),
    uniqueIndex('webhook_deliveries_dedupe_idx').on(t.endpointId, t.dedupeKey),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    /** The receiver's HTTP status, or null when none came (refused, timed out). */
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);
