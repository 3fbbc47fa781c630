// What a user's deleted bundles cost, per calendar month (UTC), kept when their logs are purged: a user's
// monthly budget (USER_MONTHLY_BUDGET_USD) counts it, so deleting a bundle never resets what was spent.
import { date, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

export const userSpendCarried = pgTable(
  'user_spend_carried',
  {
    ownerId: text('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The first day of the month (UTC) the calls were made in. */
    month: date('month').notNull(),
    /** USD, as the cap counts it (unknown prices at the dearest known rate). */
    spentUsd: numeric('spent_usd', { precision: 16, scale: 10, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.month] })],
);
