// Spend on the server's key per calendar month (UTC): a workspace's, across all its bundles, and a member's,
// across the runs they started there; deleted bundles included (their spend is carried in user_spend_carried and
// member_spend_carried when their logs are purged). The budgets these are held to are in ./month-limits.
import { and, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { bundles, memberSpendCarried, userSpendCarried } from '../../db/schema';
import { anyBundleOf, carriedSpendOf } from '../ownership/conditions';
import { capCostOf, formatUsd, type Spend, spendRow, sumSpendSql, toSpend } from './spend-sql';

let monthlyBudgetUsd: number | undefined;

/** Sets the budget from the configuration at boot; undefined means no limit. */
export function configureMonthlyBudget(budgetUsd: number | undefined): void {
  monthlyBudgetUsd = budgetUsd;
}

export function userMonthlyBudget(): number | undefined {
  return monthlyBudgetUsd;
}

const b = alias(bundles, 'b');
const MONTH_START = sql`(date_trunc('month', now() at time zone 'utc') at time zone 'utc')`;

/** What the workspace has spent this calendar month (UTC), and of it what is reserved for calls not yet settled. */
export async function userMonthSpend(db: Queryable, ownerId: string): Promise<Spend> {
  const rows = await rawRows(
    db,
    spendRow,
    sumSpendSql(
      sql`logs l join bundle_workflows bw on bw.id = l.bundle_workflow_id join bundles b on b.id = bw.bundle_id`,
      sql`${anyBundleOf(ownerId, b)} and l.created_at >= ${MONTH_START}`,
    ),
  );
  const live = toSpend(rows[0]);
  const [carried] = await db
    .select({ usd: sql<number>`coalesce(sum(${userSpendCarried.spentUsd}), 0)::float8` })
    .from(userSpendCarried)
    .where(
      and(
        carriedSpendOf(ownerId),
        sql`${userSpendCarried.month} = (date_trunc('month', now() at time zone 'utc'))::date`,
      ),
    );
  return { spent: live.spent + Number(carried?.usd ?? 0), reserved: live.reserved };
}

/** What a member has spent this month on the runs they started in the workspace. */
export async function memberMonthSpend(db: Queryable, ownerId: string, userId: string): Promise<Spend> {
  const rows = await rawRows(
    db,
    spendRow,
    sumSpendSql(
      sql`logs l join bundle_workflows bw on bw.id = l.bundle_workflow_id join bundles b on b.id = bw.bundle_id`,
      sql`${anyBundleOf(ownerId, b)} and bw.started_by = ${userId} and l.created_at >= ${MONTH_START}`,
    ),
  );
  const live = toSpend(rows[0]);
  const { rows: carried } = await db.execute<{ usd: number }>(sql`
    select coalesce(sum(spent_usd), 0)::float8 as usd from member_spend_carried
    where ${carriedSpendOf(ownerId, memberSpendCarried)} and ${memberSpendCarried.userId} = ${userId}
      and month = (date_trunc('month', now() at time zone 'utc'))::date`);
  return { spent: live.spent + Number(carried[0]?.usd ?? 0), reserved: live.reserved };
}

/**
 * Takes the user's budget lock for the rest of the transaction, so that calls of all their bundles reserve one
 * after another (two bundles' calls never both fit under the last cent).
 */
export async function lockUserBudget(db: Queryable, ownerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`user-budget:${ownerId}`}, 0))`);
}

/** "$0.0190 spent" or "$0.0190 spent, $0.0040 of it reserved for calls not yet settled". */
export function describeSpent(spend: Spend): string {
  return spend.reserved > 0
    ? `$${formatUsd(spend.spent)} spent, $${formatUsd(spend.reserved)} of it reserved for calls not yet settled`
    : `$${formatUsd(spend.spent)} spent`;
}

/**
 * Keeps a bundle's spend before its logs are purged: one statement with the deletion of its runs (which takes
 * the logs by cascade), so the spend is carried exactly once.
 */
export function carrySpendAndDeleteRunsSql(bundleId: number): ReturnType<typeof sql> {
  return sql`
    with spent as (
      select b.owner_id, (date_trunc('month', l.created_at at time zone 'utc'))::date as month,
             sum(${capCostOf()})::float8 as usd
      from logs l join bundle_workflows bw on bw.id = l.bundle_workflow_id join bundles b on b.id = bw.bundle_id
      where bw.bundle_id = ${bundleId} and l.type = 'ai'
      group by 1, 2),
    carried as (
      insert into user_spend_carried (owner_id, month, spent_usd)
      select owner_id, month, usd from spent where usd > 0
      on conflict (owner_id, month) do update set spent_usd = user_spend_carried.spent_usd + excluded.spent_usd),
    member_spent as (
      select b.owner_id, bw.started_by as user_id,
             (date_trunc('month', l.created_at at time zone 'utc'))::date as month, sum(${capCostOf()})::float8 as usd
      from logs l join bundle_workflows bw on bw.id = l.bundle_workflow_id join bundles b on b.id = bw.bundle_id
      where bw.bundle_id = ${bundleId} and l.type = 'ai' and bw.started_by is not null
      group by 1, 2, 3),
    member_carried as (
      insert into member_spend_carried (owner_id, user_id, month, spent_usd)
      select owner_id, user_id, month, usd from member_spent where usd > 0
      on conflict (owner_id, user_id, month)
      do update set spent_usd = member_spend_carried.spent_usd + excluded.spent_usd)
    delete from bundle_workflows where bundle_id = ${bundleId}`;
}
