// The failure count behind each account lockout (src/server/domain/auth/attempt-counter.ts), one row per key: a
// password, an emailed code or a second factor of one account. A table of its own, with the key as its
// primary key, so that a take is one INSERT … ON CONFLICT statement and no request waits on a lock while it
// holds a pooled connection.
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const signInAttempts = pgTable('sign_in_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  /** A day after the latest failure the run is forgotten: a take then starts from one again. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Whether the latest take found the key locked: how its statement tells a refusal from a counted take. */
  wasRefused: boolean('was_refused').notNull().default(false),
});
