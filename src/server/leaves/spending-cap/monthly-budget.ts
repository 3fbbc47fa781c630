// Each user's spend on the server's key per calendar month (UTC), limited by USER_MONTHLY_BUDGET_USD:
// reserved before sending like the bundle's cap (docs/decisions/010), across all the user's bundles, deleted
// ones included (their spend is carried in user_spend_carried when their logs are purged).
import { and, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { bundles, userSpendCarried } from '../../db/schema';
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

/** A month's budget and who set it: the server (USER_MONTHLY_BUDGET_USD) or the workspace's owner. */
export type MonthlyBudget = { usd: number; setBy: 'server' | 'workspace' };

/**
 * The budget that limits a workspace this month: the lower of the server's and the workspace's own, or
 * undefined when neither is set. `workspaceUsd` is the workspace's monthly_budget_usd, read with the bundle.
 */
export function budgetFor(workspaceUsd: number | null | undefined): MonthlyBudget | undefined {
  const server = monthlyBudgetUsd;
  if (workspaceUsd === null || workspaceUsd === undefined)
    return server === undefined ? undefined : { usd: server, setBy: 'server' };
  return server !== undefined && server <= workspaceUsd
    ? { usd: server, setBy: 'server' }
    : { usd: workspaceUsd, setBy: 'workspace' };
}

/** The workspace's own monthly budget in USD, or null. */
export async function workspaceBudget(db: Queryable, ownerId: string): Promise<number | null> {
  const { rows } = await db.execute<{ usd: number | null }>(
    sql`select monthly_budget_usd::float8 as usd from workspaces where id = ${ownerId}`,
  );
  return rows[0]?.usd ?? null;
}

/** The workspace's own budget column as a number, for a query that reads it with a bundle. */
export function workspaceBudgetOf(ownerColumn: AnyPgColumn) {
  return sql<
    number | null
  >`(select w.monthly_budget_usd::float8 from workspaces w where w.id = ${ownerColumn})`;
}

const b = alias(bundles, 'b');
const MONTH_START = sql`(date_trunc('month', now() at time zone 'utc') at time zone 'utc')`;

/** What the user has spent this calendar month (UTC), and of it what is reserved for calls not yet settled. */
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

/** What view-spend answers: this month's spend and the budget, for the Account page. */
export async function viewMonthSpend(db: Queryable, ownerId: string) {
  const spend = await userMonthSpend(db, ownerId);
  const budget = budgetFor(await workspaceBudget(db, ownerId));
  return {
    month: new Date().toISOString().slice(0, 7),
    spent_usd: Math.round(spend.spent * 1e10) / 1e10,
    reserved_usd: Math.round(spend.reserved * 1e10) / 1e10,
    monthly_budget_usd: budget?.usd ?? null,
  };
}

/**
 * Takes the user's budget lock for the rest of the transaction, so that calls of all their bundles reserve one
 * after another (two bundles' calls never both fit under the last cent).
 */
export async function lockUserBudget(db: Queryable, ownerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`user-budget:${ownerId}`}, 0))`);
}

export function budgetReachedMessage(budget: MonthlyBudget, spend: Spend, nextCallUsd?: number): string {
  const next =
    nextCallUsd === undefined || spend.spent >= budget.usd
      ? ''
      : ` The next call could cost up to $${formatUsd(nextCallUsd)}, which would pass it.`;
  const whose = budget.setBy === 'server' ? 'your monthly budget' : "this workspace's monthly budget";
  const raise = budget.setBy === 'server' ? "the server's operator" : "the workspace's owner";
  return `Paused: you reached ${whose} of $${formatUsd(budget.usd)} on this server's key (${describeSpent(spend)} this month).${next} It renews on the 1st; ${raise} can raise it.`;
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
      on conflict (owner_id, month) do update set spent_usd = user_spend_carried.spent_usd + excluded.spent_usd)
    delete from bundle_workflows where bundle_id = ${bundleId}`;
}
