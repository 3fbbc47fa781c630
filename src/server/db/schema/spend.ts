// What a workspace's deleted bundles cost, per calendar month (UTC), kept when their logs are purged, in all and
// per member who started the runs: the workspace's budget and each member's (USER_MONTHLY_BUDGET_USD by
// default) count it, so deleting a bundle never resets what was spent.
import { date, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { workspaceOwnerId } from './workspaces';

export const userSpendCarried = pgTable(
  'user_spend_carried',
  {
    ownerId: workspaceOwnerId(),
    /** The first day of the month (UTC) the calls were made in. */
    month: date('month').notNull(),
    /** USD, as the cap counts it (unknown prices at the dearest known rate). */
    spentUsd: numeric('spent_usd', { precision: 16, scale: 10, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.month] })],
);

export const memberSpendCarried = pgTable(
  'member_spend_carried',
  {
    ownerId: workspaceOwnerId(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    spentUsd: numeric('spent_usd', { precision: 16, scale: 10, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.userId, t.month] })],
);
