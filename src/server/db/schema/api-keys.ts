// API keys: a key is shown once and stored only as its SHA-256 hash; each request counts against a
// per-key, one-minute window kept on the row. Idempotency keys remember a creating call's first answer.
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt } from './columns';
import { workspaceOwnerId } from './workspaces';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The member who made it: the key acts as them, with no more than their role in the workspace. */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The workspace it acts in. */
    ownerId: workspaceOwnerId(),
    name: text('name').notNull(),
    /** The key's first characters ("cl_AbCd1234"), to tell keys apart on screen; not enough to use it. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key, hex. The key itself is never stored. */
    keyHash: text('key_hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The rate limit's current window: when it opened and how many requests it has seen. */
    rateWindowStart: timestamp('rate_window_start', { withTimezone: true }),
    rateCount: integer('rate_count').notNull().default(0),
  },
  (t) => [index('api_keys_user_id_idx').on(t.userId), index('api_keys_owner_idx').on(t.ownerId)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    functionName: text('function_name').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request body in a canonical form (keys sorted). */
    requestHash: text('request_hash').notNull(),
    /** Null while the first call is still running. */
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.functionName, t.key] })],
);
